import { DropSection } from './DropSection';
import { Hero } from './Hero';

/** Home: a hero, then live and upcoming drops. */
export function HomePage() {
  return (
    <div data-testid="home-page">
      <title>Vitrine · Digital collectibles marketplace</title>
      <Hero />
      <DropSection status="live" title="Live now" emptyText="No live drops right now." />
      <DropSection status="upcoming" title="Upcoming" emptyText="No upcoming drops yet." />
    </div>
  );
}
