/**
 * zod compiles object parsers with `new Function` when it may, and probes whether it may by
 * trying once. The console's Content-Security-Policy forbids eval, so the probe fails (zod then
 * falls back) but the browser reports a violation every page load. Off here, before any schema is
 * built: main.tsx imports this module first, and zod decides when a schema is created.
 */
import { z } from 'zod';

z.config({ jitless: true });
