import { EMPTY_EXPLORE_STATE, SUGGESTED_SEARCHES, suggestedSearchHref } from '@vitrine/domain';
import { exploreHref } from './useExploreState';

/** A banner (001 §3 "Banner: localStorageKey, message, background, backgroundImage, isVisible"). */
export interface Banner {
  localStorageKey: string;
  message: string;
  background: string;
  backgroundImage?: string;
  link: { label: string; to: string };
}

const suggested = (label: string) => {
  const search = SUGGESTED_SEARCHES.find((s) => s.label === label);
  return search ? suggestedSearchHref(search) : '/explore/nfts';
};

/** The explore page's banners. */
export const EXPLORE_BANNERS: readonly Banner[] = [
  {
    localStorageKey: 'banner:live-drops',
    message: 'Live drops are open now: collect new editions before the window closes.',
    background: '#101218',
    backgroundImage: 'radial-gradient(600px 200px at 90% 0%, #4f46e5 0%, transparent 70%)',
    link: {
      label: 'See live drops',
      to: exploreHref({ ...EMPTY_EXPLORE_STATE, view: 'drops', status: 'live' }),
    },
  },
  {
    localStorageKey: 'banner:new-floor',
    message: 'Just listed: works that hit a new floor price today.',
    background: '#3b1d5e',
    backgroundImage: 'radial-gradient(500px 220px at 0% 100%, #c2306b 0%, transparent 70%)',
    link: { label: 'New Floor Price', to: suggested('New Floor Price') },
  },
  {
    localStorageKey: 'banner:one-of-ones',
    message: 'One of a kind: browse 1 of 1s from independent artists.',
    background: '#0c4a4e',
    backgroundImage: 'radial-gradient(520px 200px at 100% 100%, #0ea5e9 0%, transparent 70%)',
    link: { label: 'Browse 1 of 1s', to: suggested('1 of 1s') },
  },
];
