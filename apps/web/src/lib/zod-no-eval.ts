/**
 * The web app's `zod` (an alias in vite.config.ts points every `import … from 'zod'` here, the protocol package's
 * too). zod compiles object parsers with `new Function` when it may, and even its probe for that is reported as a
 * violation of the page's CSP, which forbids eval. Object schemas run the probe when they are built, which happens
 * as the protocol's modules load, so the switch must be set by the module they import zod from, not by the entry.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
