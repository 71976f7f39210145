import { useQuery } from '@tanstack/react-query';
import { formatCount, pluralSuffix } from '@vitrine/domain';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api-client';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { Avatar } from '../../../ui/Avatar';
import { ButtonLink } from '../../../ui/ButtonLink';
import { DocumentTitle } from '../../../ui/DocumentTitle';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { VerifiedBadge } from '../../../ui/VerifiedBadge';
import { useProfile } from '../../auth/profile-query';
import { FollowButton } from '../../social/FollowButton';
import { storefrontQuery } from '../catalog-queries';
import { CollectionSkeleton } from '../collection/CollectionSkeleton';
import { ArtworkImage } from '../shared/ArtworkImage';
import { ExpandableText } from '../shared/ExpandableText';
import { ExploreList } from '../shared/ExploreList';
import { SocialLinks } from '../shared/SocialLinks';
import { StatValue } from '../shared/StatValue';
import { STOREFRONT_STAT_LABELS } from '../shared/storefront-stats';
import { TabLinks } from '../shared/TabLinks';
import styles from './StorefrontScreen.module.css';

/** A publisher's or creator's storefront: cover, profile, stats, follow, and its NFTs and collections. */
export function StorefrontScreen({ slug }: { slug: string }) {
  const signedIn = useLoggedIn();
  const [params] = useSearchParams();
  const query = useQuery(storefrontQuery(slug, signedIn));
  const profile = useProfile();
  // Gone: not found, even over what was shown.
  if (query.isError && isApiError(query.error) && query.error.statusCode === 404) return <NotFoundPage />;
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (query.data === undefined) {
    if (!query.isError) return <CollectionSkeleton />;
    return (
      <div className={`page-container ${styles.page}`}>
        <ErrorFallback
          title="We couldn't load this storefront."
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  const storefront = query.data;
  const tab = params.get('tab') === 'collections' ? 'collections' : 'nfts';
  const scope: Record<string, string> =
    storefront.kind === 'publisher' ? { publisher: storefront.slug } : { creator: storefront.slug };
  const stats = storefront.stats.filter((stat) => stat.id !== 'followers');
  const base = `/${encodeURIComponent(storefront.slug)}`;
  return (
    <div
      className={`page-container ${styles.page}`}
      data-testid="storefront-page"
      data-kind={storefront.kind}
    >
      <DocumentTitle title={`${storefront.name} · Vitrine`} />
      <header className={styles.header}>
        <div className={styles.cover}>
          {storefront.coverPhotoUrl ? (
            <ArtworkImage src={storefront.coverPhotoUrl} alt="" sizes="100vw" priority />
          ) : null}
        </div>
        <div className={styles.identity}>
          <Avatar
            src={storefront.profilePicUrl}
            name={storefront.name}
            size={112}
            square={storefront.kind === 'publisher'}
            className={styles.avatar}
          />
          <div className={styles.names}>
            <p className={styles.kind}>{storefront.kind === 'publisher' ? 'Publisher' : 'Artist'}</p>
            <h1 className={styles.title}>
              {storefront.name}
              {storefront.verified ? <VerifiedBadge size={24} /> : null}
            </h1>
          </div>
          {storefront.kind === 'publisher' &&
          profile.data?.publisherPermissions.some(
            (p) => p.slug.toLowerCase() === storefront.slug.toLowerCase(),
          ) ? (
            <ButtonLink
              to={`/publishers/${encodeURIComponent(storefront.slug)}/edit`}
              variant="secondary"
              data-testid="storefront-edit-link"
            >
              Edit Storefront
            </ButtonLink>
          ) : null}
          {storefront.subscription ? (
            <div className={styles.follow} data-testid="storefront-follow">
              <FollowButton
                target={{ kind: 'publisher', slug: storefront.slug }}
                subscription={storefront.subscription}
                name={storefront.name}
                size="lg"
              />
              <span className={styles.followers} data-testid="followers-count">
                {formatCount(storefront.subscription.totalCount)} follower
                {pluralSuffix(storefront.subscription.totalCount)}
              </span>
            </div>
          ) : null}
        </div>
        {storefront.description ? <ExpandableText text={storefront.description} /> : null}
        <SocialLinks links={storefront.socialLinks} />
        <dl className={styles.stats} data-testid="storefront-stats">
          {stats.map((stat) => (
            <div key={stat.id}>
              <dt>{STOREFRONT_STAT_LABELS[stat.id]}</dt>
              <dd>
                <StatValue id={stat.id} value={stat.value} />
              </dd>
            </div>
          ))}
        </dl>
      </header>
      <TabLinks
        label="Storefront"
        current={tab}
        tabs={[
          { id: 'nfts', label: 'NFTs', to: base },
          { id: 'collections', label: 'Collections', to: `${base}?tab=collections` },
        ]}
      />
      <ExploreList
        key={tab}
        view={tab}
        scope={scope}
        emptyText={tab === 'nfts' ? 'No NFTs here yet.' : 'No collections here yet.'}
      />
    </div>
  );
}
