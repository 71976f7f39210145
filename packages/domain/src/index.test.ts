import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('@vitrine/domain entry point', () => {
  it('exports every rule the web app and the API use', () => {
    const names = [
      'shortenAddress',
      'isZeroAddress',
      'editionNumber',
      'sanitizeDownloadFileName',
      'pluralSuffix',
      'upgradeToHttps',
      'detectMediaType',
      'isValidUrl',
      'isNumeric',
      'safeRedirectTarget',
      'fxQueryFor',
      'fxRateFromResults',
      'convertMinorUnits',
      'formatCount',
      'formatPrice',
      'formatCents',
      'formatWeiAsEth',
      'formatRarityPercent',
      'isUnlimitedEdition',
      'minimumBid',
      'rankedPlacement',
      'rankedTargetAmount',
      'extendedEndTime',
      'dropCardButton',
      'dropCardPriceLine',
      'dropCardCountdownLabel',
      'collectionStatus',
      'statusLabel',
      'countdownParts',
      'formatCountdown',
      'countdownTickMs',
      'isDroppingThisWeek',
      'countdownChipLabel',
      'hideUpcomingAlert',
      'isWithinCountdownRange',
      'dropStatusLabel',
      'readAmount',
      'readUsdAmount',
      'readPrice',
      'amountText',
      'AppError',
    ];
    for (const name of names) expect(typeof (domain as Record<string, unknown>)[name], name).toBe('function');
    expect(domain.ZERO_ADDRESS).toBe('0x0000000000000000000000000000000000000000');
    expect(domain.DISPLAY_CURRENCIES).toEqual(['USD', 'ETH']);
    expect(domain.DEFAULT_DISPLAY_CURRENCY).toBe('USD');
    expect(domain.AUCTION_EXTENSION_MS).toBe(300_000);
    expect(domain.UNKNOWN_ERROR.message).toBe('An unknown error occurred');
  });
});
