import { z } from 'zod';

const asset = z.object({ src: z.string(), type: z.string(), alt: z.string() });
const artist = z.object({
  id: z.number().int(),
  name: z.string(),
  userName: z.string(),
  iconUrl: z.string().nullable(),
});

/** The drop sale card of 001 §3. Prices in integer USD cents. */
export const dropSaleCard = z.object({
  id: z.number().int(),
  contractAddress: z.string(),
  niftyType: z.string(),
  typeNumber: z.number().int(),
  asset,
  nifty: z.object({
    isOnePurchasePerUser: z.boolean(),
    name: z.string(),
    niftyTotalBurnt: z.number().int(),
    niftyTotalNumOfEditions: z.number().int(),
    niftyTotalReserved: z.number().int(),
    niftyTotalSold: z.number().int(),
  }),
  saleType: z.string(),
  saleDetails: z.object({
    price: z.number().int(),
    highestBid: z.number().int().nullable(),
    userEntriesUnused: z.number().int().nullable(),
    userEntriesUsed: z.number().int().nullable(),
    totalEntries: z.number().int().nullable(),
  }),
  startDate: z.string(),
  endDate: z.string(),
  burnRequired: z.boolean(),
  isFreeRedemption: z.boolean(),
  requiresValidation: z.boolean(),
  tags: z.array(z.object({ name: z.string() })),
  chain: z.string(),
  artists: z.array(artist),
  publisher: z.object({ name: z.string(), slug: z.string() }),
});

export const dropSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  introText: z.string(),
  dropType: z.string(),
  status: z.enum(['live', 'upcoming', 'ended']),
  startDate: z.string(),
  endDate: z.string(),
  coverAsset: asset.nullable(),
  chain: z.string(),
  publisher: z.object({ name: z.string(), slug: z.string(), profilePicUrl: z.string().nullable() }),
  artists: z.array(artist),
  cards: z.array(dropSaleCard),
});
