import type { AssetType, CollectionStatus, DropSaleCard, DropType } from '@vitrine/domain';

/** An asset as the API sends it (001 §3 "Asset"). */
export interface Asset {
  src: string;
  type: AssetType | (string & {});
  alt?: string | null;
  previewSrc?: string | null;
  staticSrc?: string | null;
}

export interface DropPublisher {
  name: string;
  slug: string;
  profilePicUrl?: string | null;
}

export interface DropArtist {
  id: number;
  name: string;
  userName: string;
  iconUrl?: string | null;
}

/** A drop of `GET /api/v1/drops/` (docs/decisions/001-api-shapes.md "Drops for the home page"). */
export interface Drop {
  id: number;
  slug: string;
  title: string;
  introText?: string | null;
  dropType: DropType | (string & {});
  status: CollectionStatus;
  startDate: string;
  endDate: string;
  coverAsset: Asset | null;
  chain: string;
  publisher: DropPublisher;
  artists: DropArtist[];
  cards: (DropSaleCard & { id: number })[];
}

/** Home page sections list live and upcoming drops. */
export type HomeDropStatus = Extract<CollectionStatus, 'live' | 'upcoming'>;
