import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads a `.env` file into the environment: each variable it sets is used unless the real
 * environment already has it, so `PORT=9000 npm start` beats PORT in the file, as it does with
 * `node --env-file`. A missing file is no error (the file is optional); an unreadable one is.
 *
 * Parsed with Node's own parser (util.parseEnv, the one behind --env-file and
 * process.loadEnvFile), not dotenv: Node 20.19, the least this server runs on, has it, so the
 * syntax is Node's and there is one dependency less. process.loadEnvFile itself is not used
 * because it writes to process.env only; this takes the environment to fill, so the rule above
 * is tested on a plain object.
 *
 * Answers the names it set.
 */
export function applyEnvFile(file: string, env: NodeJS.ProcessEnv = process.env): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const applied: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (value === undefined || env[name] !== undefined) continue;
    env[name] = value;
    applied.push(name);
  }
  return applied;
}
