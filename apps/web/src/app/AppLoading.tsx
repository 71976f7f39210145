import styles from './AppLoading.module.css';

/** Shown for the moment the first page's code loads (the router's HydrateFallback). */
export function AppLoading() {
  return (
    <div className={styles.bar} role="status" aria-busy="true">
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
