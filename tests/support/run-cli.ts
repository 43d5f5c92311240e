/**
 * Runs one of the server's command-line tools the way the README does (`npx tsx server/cli/...`)
 * in a child process, with the test database's DATA_DIR or DATABASE_URL, and collects its output.
 */
import { spawn } from 'node:child_process';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  script: string,
  args: readonly string[],
  options: { env: Record<string, string>; stdin?: string },
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Only the test database: never a database the developer's shell points at.
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  Object.assign(env, { LOG_LEVEL: 'silent', SEED_DEMO: '0' }, options.env);
  const child = spawn('npx', ['tsx', script, ...args], { env, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
