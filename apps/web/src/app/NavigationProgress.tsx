import { useNavigation } from 'react-router';
import styles from './NavigationProgress.module.css';

/** A thin bar at the top while a route (and its lazy chunk) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={styles.bar} role="progressbar" aria-label="Loading page" />;
}
