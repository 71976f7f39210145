import { collectionPath, profileLink, storefrontPath } from '@vitrine/domain';
import { SEARCH_PAGE_PATH } from '../../app/site-links';
import { searchText } from './search-api';
import type { SearchResult } from './search-types';

/** Where a search result leads (001 §2 routes). Ended collections with a production page use it when the flag is on. */
export function searchResultHref(result: SearchResult, postProductionPages: boolean): string {
  switch (result.type) {
    case 'user':
      return profileLink(result.item.slug)?.href ?? '/';
    case 'publisher':
      return storefrontPath(result.item.slug);
    case 'collection': {
      const production = result.item.post_production_page_slug;
      if (postProductionPages && production) return `/productions/${encodeURIComponent(production)}`;
      return `/collections/${encodeURIComponent(result.item.collection_store_url)}`;
    }
    case 'product':
      return collectionPath(result.item.contract_address, result.item.type);
  }
}

export function searchResultName(result: SearchResult): string {
  switch (result.type) {
    case 'user':
    case 'publisher':
      return result.item.display_name;
    case 'collection':
      return result.item.collection_store_name;
    case 'product':
      return result.item.title;
  }
}

export function searchResultImage(result: SearchResult): string | null {
  switch (result.type) {
    case 'user':
    case 'publisher':
      return result.item.profile_picture_url;
    case 'collection':
      return result.item.collection_project_icon;
    case 'product':
      return result.item.display_image;
  }
}

export const SEARCH_RESULT_KIND: Record<SearchResult['type'], string> = {
  user: 'Profile',
  publisher: 'Publisher',
  collection: 'Collection',
  product: 'NFT',
};

/** The line under a result's name: its artists, or its collection. */
export function searchResultDetail(result: SearchResult): string {
  if (result.type === 'collection' || result.type === 'product') {
    const names = result.item.creators.map((creator) => creator.display_name).join(', ');
    if (result.type === 'product')
      return [result.item.collection_store_name, names].filter(Boolean).join(' · ');
    return names;
  }
  return `@${result.item.slug}`;
}

/** The search page for a text (Enter, 'View All Results'): the text lowercased (001 §5). */
export function searchPageHref(text: string): string {
  const query = searchText(text);
  return query === '' ? SEARCH_PAGE_PATH : `${SEARCH_PAGE_PATH}?q=${encodeURIComponent(query)}`;
}
