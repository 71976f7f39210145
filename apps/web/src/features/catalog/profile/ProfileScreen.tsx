import { useQuery } from '@tanstack/react-query';
import { formatCount } from '@vitrine/domain';
import { useLocation, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api-client';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { Avatar } from '../../../ui/Avatar';
import { DocumentTitle } from '../../../ui/DocumentTitle';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Price } from '../../../ui/Price';
import { VerifiedBadge } from '../../../ui/VerifiedBadge';
import { userProfileQuery } from '../catalog-queries';
import { CollectionSkeleton } from '../collection/CollectionSkeleton';
import { FavoriteCollections } from '../favourites/FavoriteCollections';
import { FavoriteNfts } from '../favourites/FavoriteNfts';
import { ExpandableText } from '../shared/ExpandableText';
import { ExploreList } from '../shared/ExploreList';
import { centsPrice } from '../shared/price-props';
import { SocialLinks } from '../shared/SocialLinks';
import { TabLinks } from '../shared/TabLinks';
import { OwnedNfts } from './OwnedNfts';
import styles from './ProfileScreen.module.css';

type ProfileTab = 'owned' | 'created' | 'favorites';

/** A profile (/profile/{profile_url}, /@{userSlug}): the person, and what they own, created and like. */
export function ProfileScreen({ profileUrl }: { profileUrl: string }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const query = useQuery(userProfileQuery(profileUrl));
  // Gone: not found, even over what was shown.
  if (query.isError && isApiError(query.error) && query.error.statusCode === 404) return <NotFoundPage />;
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (query.data === undefined) {
    if (!query.isError) return <CollectionSkeleton />;
    return (
      <div className={`page-container ${styles.page}`}>
        <ErrorFallback
          title="We couldn't load this profile."
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  const profile = query.data;
  const requested = params.get('tab');
  const tab: ProfileTab =
    requested === 'favorites'
      ? 'favorites'
      : requested === 'created' && profile.creator
        ? 'created'
        : 'owned';
  const tabs = [
    { id: 'owned', label: `Owned ${formatCount(profile.stats.owned)}`, to: pathname },
    ...(profile.creator
      ? [
          {
            id: 'created',
            label: `Created ${formatCount(profile.stats.created)}`,
            to: `${pathname}?tab=created`,
          },
        ]
      : []),
    {
      id: 'favorites',
      label: `Favorites ${formatCount(profile.stats.favorites)}`,
      to: `${pathname}?tab=favorites`,
    },
  ];
  return (
    <div className={`page-container ${styles.page}`} data-testid="profile-page">
      <DocumentTitle title={`${profile.name} · Vitrine`} />
      <header className={styles.header}>
        <Avatar src={profile.profilePicUrl} name={profile.name} size={112} />
        <div className={styles.info}>
          <h1 className={styles.title}>
            {profile.name}
            {profile.verificationType === 'verified' ? <VerifiedBadge size={24} /> : null}
          </h1>
          <p className={styles.handle}>@{profile.profileUrl}</p>
          {profile.bio ? <ExpandableText text={profile.bio} /> : null}
          <SocialLinks links={profile.socialLinks} />
        </div>
        <dl className={styles.stats} data-testid="profile-stats">
          <div>
            <dt>Collections</dt>
            <dd>{formatCount(profile.totalCollections)}</dd>
          </div>
          <div>
            <dt>Total volume</dt>
            <dd>
              <Price {...centsPrice(profile.totalVolume)} />
            </dd>
          </div>
          <div>
            <dt>Following</dt>
            <dd>{formatCount(profile.stats.following)}</dd>
          </div>
        </dl>
      </header>
      <TabLinks label="Profile" current={tab} tabs={tabs} />
      {tab === 'owned' ? <OwnedNfts profileUrl={profile.profileUrl} /> : null}
      {tab === 'created' ? (
        <ExploreList view="nfts" scope={{ creator: profile.profileUrl }} emptyText="No works yet." />
      ) : null}
      {tab === 'favorites' ? (
        <>
          <section aria-labelledby={`${profile.profileUrl}-saved-nfts`} className={styles.board}>
            <h2 id={`${profile.profileUrl}-saved-nfts`} className={styles.boardTitle}>
              NFTs
            </h2>
            <FavoriteNfts profileUrl={profile.profileUrl} />
          </section>
          <section aria-labelledby={`${profile.profileUrl}-saved-collections`} className={styles.board}>
            <h2 id={`${profile.profileUrl}-saved-collections`} className={styles.boardTitle}>
              Collections
            </h2>
            <FavoriteCollections profileUrl={profile.profileUrl} />
          </section>
        </>
      ) : null}
    </div>
  );
}
