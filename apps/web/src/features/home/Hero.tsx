import { ButtonLink } from '../../ui/ButtonLink';
import styles from './Hero.module.css';

export function Hero() {
  return (
    <section className={styles.hero} data-testid="home-hero">
      <div className={`page-container ${styles.inner}`}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>
            <span className={styles.eyebrowDot} aria-hidden="true" />
            Digital collectibles marketplace
          </p>
          <h1 className={styles.title}>Collect digital art from the artists and publishers you love.</h1>
          <p className={styles.text}>
            Join live drops, bid in auctions and discover editions from independent creators, all in one
            place.
          </p>
          <div className={styles.actions}>
            <ButtonLink to="/explore/drops" size="lg">
              Explore drops
            </ButtonLink>
            <ButtonLink to="/explore/nfts" size="lg" variant="secondary">
              Browse NFTs
            </ButtonLink>
          </div>
        </div>
        <div className={styles.art} aria-hidden="true">
          <span className={`${styles.tile} ${styles.tileA}`} />
          <span className={`${styles.tile} ${styles.tileB}`} />
          <span className={`${styles.tile} ${styles.tileC}`} />
        </div>
      </div>
    </section>
  );
}
