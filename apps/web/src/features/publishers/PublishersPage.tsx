import { useParams } from 'react-router';
import { ButtonLink } from '../../ui/ButtonLink';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Link } from '../../ui/Link';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { useProfile } from '../auth/profile-query';
import { RequireAuth } from '../auth/RequireAuth';
import { StorefrontScreen } from '../catalog/storefront/StorefrontScreen';
import styles from './PublishersPage.module.css';

/** The Publisher Hub (`/publishers`): the publishers the signed-in user may act for. */
export function PublishersPage() {
  return (
    <Page title="Publishers" description="The storefronts you publish to." testId="publishers-page">
      <RequireAuth>
        <PublisherList />
      </RequireAuth>
    </Page>
  );
}

function PublisherList() {
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <ul className={styles.list} aria-busy="true">
        {[0, 1].map((i) => (
          <li key={i} className={styles.row}>
            <Skeleton width={220} height={24} />
          </li>
        ))}
      </ul>
    );
  }
  if (profile.isError) return <ErrorFallback onRetry={() => void profile.refetch()} />;
  const permissions = profile.data?.publisherPermissions ?? [];
  if (permissions.length === 0) {
    return (
      <p className={styles.empty} data-testid="publishers-empty">
        You are not a member of any publisher yet.
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {permissions.map((p) => (
        <li key={p.slug} className={styles.row} data-testid="publisher-row">
          <Link to={`/publishers/${encodeURIComponent(p.slug)}`} className={styles.name}>
            {p.name}
          </Link>
          <span className={styles.actions}>
            <ButtonLink to={`/publishers/${encodeURIComponent(p.slug)}`} variant="secondary">
              View Storefront
            </ButtonLink>
            <ButtonLink to={`/publishers/${encodeURIComponent(p.slug)}/edit`} variant="secondary">
              Edit Storefront
            </ButtonLink>
            <ButtonLink to={`/publishers/${encodeURIComponent(p.slug)}/drops`} variant="primary">
              Create a Drop
            </ButtonLink>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** `/publishers/{slug}`: View your storefront (001 §2 routes). */
export function PublisherStorefrontPage() {
  const { slug = '' } = useParams();
  return <StorefrontScreen slug={slug} />;
}
