import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may; the page's CSP forbids eval, and even zod's probe for
// it is reported as a violation. Imported first by main.tsx, before any schema is built.
z.config({ jitless: true });
