/** `npm run build:server`: bundles the server into dist-server/main.mjs (scripts/builds.ts). */
import { buildServer, SERVER_BUNDLE } from './builds';

await buildServer();
process.stdout.write(`Built ${SERVER_BUNDLE}\n`);
