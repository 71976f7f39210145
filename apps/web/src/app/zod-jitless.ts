// The shared rules validate with zod (through @vitrine/domain). Its fast path compiles validators with
// `new Function`, and it probes for that at the first parse: under the web app's CSP (no 'unsafe-eval', decision 003
// "Headers") the probe is a reported violation even though zod catches it. Jitless validation never probes.
// Imported by the modules that parse with the shared schemas (lib/useForm.ts and the forms that call safeParse
// themselves), so it loads with the pages that have forms and never with the shell.
import { config } from 'zod';

config({ jitless: true });
