// Query keys of the drops on the home page; `all()` is the prefix of every drops list.
import type { HomeDropStatus } from './drop-types';

export const dropsKeys = {
  all: () => ['drops'] as const,
  list: (status: HomeDropStatus, pageSize: number) => [...dropsKeys.all(), { status, pageSize }] as const,
};
