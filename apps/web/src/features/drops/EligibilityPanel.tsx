import type { NiftyEligibility } from '@vitrine/domain/catalog-responses';
import { Link, useLocation } from 'react-router';
import styles from './DropSales.module.css';

function linkTarget(
  link: NonNullable<NonNullable<NiftyEligibility['criteria']>['rules'][number]['link']>,
): string {
  if (link.object_type === 'artist' && link.profile_url)
    return `/profile/${encodeURIComponent(link.profile_url)}`;
  if (link.object_type === 'publisher' && link.slug) return `/${encodeURIComponent(link.slug)}`;
  if (link.object_type === 'nbno' && link.niftyContractAddress && link.niftyType !== undefined) {
    return `/marketplace/collection/${link.niftyContractAddress}/${link.niftyType}`;
  }
  if (link.contractAddress && link.tokenId)
    return `/marketplace/item/${link.contractAddress}/${link.tokenId}`;
  if (link.contractAddress) return `/marketplace/collection/${link.contractAddress}`;
  return '/';
}

/**
 * The eligibility panel (001 §2, §3 participation criteria display, §4, §5): 'Eligibility Required' with
 * 'Sign In to check Eligibility' signed out, 'Eligible' with the eligible message, or 'Not Eligible'; the
 * prompt for ALL / ANY and the rule lines with their links.
 */
export function EligibilityPanel({ eligibility }: { eligibility: NiftyEligibility }) {
  const location = useLocation();
  const criteria = eligibility.criteria;
  if (!criteria) return null;
  const back = `${location.pathname}${location.search}`;
  return (
    <section className={styles.eligibility} data-testid="eligibility-panel" data-status={eligibility.status}>
      <strong className={styles.eligibilityStatus} data-testid="eligibility-status">
        {eligibility.status}
      </strong>
      <p className={styles.prompt}>{criteria.prompt}</p>
      <ul className={styles.rules} data-testid="eligibility-rules">
        {criteria.rules.map((rule) => (
          <li key={rule.id} data-met={rule.met === null ? undefined : String(rule.met)}>
            [{rule.description}]
            {rule.links.map((link) => (
              <span key={link.key}>
                {' '}
                <Link to={linkTarget(link)}>{link.title}</Link>
              </span>
            ))}
          </li>
        ))}
      </ul>
      {eligibility.status === 'Eligibility Required' ? (
        <Link
          className={styles.signIn}
          to={`/new-login?post_auth_redirect_location=${encodeURIComponent(back)}`}
          data-testid="eligibility-sign-in"
        >
          Sign In to check Eligibility
        </Link>
      ) : null}
      {criteria.message ? <p className={styles.eligibleMessage}>{criteria.message}</p> : null}
    </section>
  );
}
