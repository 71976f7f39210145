// Global setup of the int-postgres and int-redis projects: this run's PostgreSQL templates (snapshot-setup.ts).
import { snapshotSetup } from './snapshot-setup';

export default snapshotSetup('postgres');
