import { useQuery } from '@tanstack/react-query';
import type { HomeDropStatus } from './drop-types';
import { dropsQuery } from './drops-query';

export function useDrops(status: HomeDropStatus, pageSize?: number) {
  return useQuery(dropsQuery(status, pageSize));
}
