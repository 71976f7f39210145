import { useQuery } from '@tanstack/react-query';
import { type FeatureFlags, type FlagName, featureFlagsQuery } from './feature-flags';

export function useFeatureFlags() {
  return useQuery(featureFlagsQuery);
}

/** True only when the flag is loaded and on; off while loading or when the flags failed to load. */
export function useFeatureFlag(name: FlagName | (string & {})): boolean {
  const { data } = useFeatureFlags();
  return isFlagOn(data, name);
}

export function isFlagOn(flags: FeatureFlags | undefined, name: string): boolean {
  return flags?.[name] === true;
}
