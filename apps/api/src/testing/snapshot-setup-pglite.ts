// Global setup of the int-pglite project: this run's PGlite snapshots (snapshot-setup.ts).
import { snapshotSetup } from './snapshot-setup';

export default snapshotSetup('pglite');
