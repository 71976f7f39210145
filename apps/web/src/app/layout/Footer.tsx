import { Link } from '../../ui/Link';
import {
  EXPLORE_LINKS,
  FOOTER_COMPANY_LINKS,
  FOOTER_SUPPORT_LINKS,
  PARENT_COMPANY,
  type SiteLink,
  SOCIAL_LINKS,
} from '../site-links';
import styles from './Footer.module.css';
import { Logo } from './Logo';
import { SocialIcon } from './SocialIcon';

function LinkColumn({ title, links }: { title: string; links: readonly SiteLink[] }) {
  return (
    <nav className={styles.column} aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Footer (000 §2, 001 §2): about, terms of use, privacy policy, help centre, careers, security report,
 * social media (new tab), and a line that Vitrine is owned by its parent company, with a link.
 */
export function Footer() {
  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={`page-container ${styles.top}`}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.tagline}>
            A marketplace for digital collectibles. Discover drops from publishers and artists, and collect
            the work you love.
          </p>
          <ul className={styles.social} aria-label="Social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.network}>
                <a
                  className={styles.socialLink}
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={link.label}
                  title={link.label}
                >
                  <SocialIcon network={link.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.columns}>
          <LinkColumn title="Explore" links={EXPLORE_LINKS} />
          <LinkColumn title="Company" links={FOOTER_COMPANY_LINKS} />
          <LinkColumn title="Support" links={FOOTER_SUPPORT_LINKS} />
        </div>
      </div>
      <div className={`page-container ${styles.bottom}`}>
        <p>© {new Date().getFullYear()} Vitrine. All rights reserved.</p>
        <p data-testid="footer-owner">
          Vitrine is owned by{' '}
          <a href={PARENT_COMPANY.href} target="_blank" rel="noopener noreferrer">
            {PARENT_COMPANY.label}
          </a>
        </p>
      </div>
    </footer>
  );
}
