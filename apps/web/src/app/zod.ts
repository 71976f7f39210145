// What `import … from 'zod'` means in the web build (the alias in vite.config.ts): zod, switched to its
// jitless mode before any schema exists. Its fast path compiles validators with `new Function` and probes for
// that when a schema is built; under the web app's CSP (no 'unsafe-eval', decision 003 "Headers") the probe is
// a reported violation even though zod catches it. Every schema module of the shared rules imports 'zod', so
// each one evaluates this first, whatever order the bundler runs the modules in (decision 011).
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
