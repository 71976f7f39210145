import type { ReactNode } from 'react';
import { FLAGS } from './feature-flags';
import { MaintenanceScreen } from './MaintenanceScreen';
import { useFeatureFlag } from './useFeatureFlags';

/** Renders the maintenance screen instead of the app when MAINTENANCE_MODE is on. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const maintenance = useFeatureFlag(FLAGS.maintenanceMode);
  return maintenance ? <MaintenanceScreen /> : children;
}
