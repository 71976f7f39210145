import { useQuery } from '@tanstack/react-query';
import {
  FX_RATES_PATH,
  fxQueryFor,
  fxRatesQueryParams,
  fxRatioFromResults,
  needsFxLookup,
} from '@vitrine/domain';
import { api } from '../../app/api-client';
import { platformKeys } from './query-keys';

interface FxRatesPage {
  count: number;
  results: { price: string | number }[];
}

/**
 * Exact rate (a ratio) to convert an amount in `from` into `to` (000 §7): GET v1/fxrates/ with the
 * domain's query (pair reversed and price inverted for USD); 1/1 when there is no result.
 * Disabled for equal currencies (their rate is 1). `fxRateFromResults` gives the same rate as a number.
 */
export function useFxRate(from: string, to: string) {
  const query = fxQueryFor(from, to);
  const enabled = needsFxLookup(query);
  return useQuery({
    queryKey: platformKeys.fxRate(query.source_currency, query.base_currency),
    queryFn: ({ signal }) =>
      api.get<FxRatesPage>(FX_RATES_PATH, { query: fxRatesQueryParams(query), signal }),
    enabled,
    select: (page) => fxRatioFromResults(query, page.results),
  });
}
