import { DocumentTitle } from '../../ui/DocumentTitle';
import { DropSection } from './DropSection';
import { Hero } from './Hero';

/** The widest grid's row (DropSection.module.css): the cards a first paint may show. */
const FIRST_ROW = 4;

/** Home: a hero, then live and upcoming drops. */
export function HomePage() {
  return (
    <div data-testid="home-page">
      <DocumentTitle title="Vitrine · Digital collectibles marketplace" />
      <Hero />
      <DropSection
        status="live"
        title="Live now"
        emptyText="No live drops right now."
        eagerCards={FIRST_ROW}
      />
      <DropSection status="upcoming" title="Upcoming" emptyText="No upcoming drops yet." />
    </div>
  );
}
