// The shared rules validate with zod (through @vitrine/domain). Its fast path compiles validators with
// `new Function`, and it probes for that at the first parse: under the web app's CSP (no 'unsafe-eval', decision 003
// "Headers") the probe is a reported violation even though zod catches it. Jitless validation never probes.
// Imported first by main.tsx, before any module can parse.
import { config } from 'zod';

config({ jitless: true });
