/**
 * zod compiles object parsers with `new Function` when it may, and probes whether it may by
 * trying once. The console's Content-Security-Policy forbids eval, so the probe fails (zod then
 * falls back) but the browser reports a violation every page load. Off here, before any schema is
 * built (zod decides when a schema is created). Importing this module first in main.tsx is enough
 * in development, not in the build: the entry chunk's own code runs after the chunks it imports,
 * and the shared chunks hold schemas. So the build puts this module in zod's own chunk
 * (vite.config.ts), where it runs right after zod itself, before anything can use it.
 */
import { z } from 'zod';

z.config({ jitless: true });
