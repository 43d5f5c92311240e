/**
 * The first half of `npm start`: builds the console and the server when they are missing or
 * older than their sources (scripts/builds.ts). The second half runs the server bundle with
 * plain Node, so a newcomer needs nothing but `npm install && npm start`.
 */
import { ensureBuilds } from './builds';

try {
  await ensureBuilds((line) => process.stdout.write(`${line}\n`));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
