/**
 * `.env` at start and `.env.example` beside it: the example lists every variable the server
 * reads (the configuration schema, the settings catalogue and the few read straight from
 * process.env), with the defaults the server really uses; and a `.env` file is read by the real
 * entry point, with the real environment winning over it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS, settingDefinition } from '../../src/contract/settings';
import { CONFIG_VARIABLES, loadConfig } from '../../server/config';
import { applyEnvFile } from '../../server/env-file';

const ROOT = path.resolve(__dirname, '../..');
const EXAMPLE = path.join(ROOT, '.env.example');

/** Name and value of every `NAME=value` line, commented out or not. */
function exampleEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of readFileSync(EXAMPLE, 'utf8').split('\n')) {
    const match = /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match?.[1]) entries.set(match[1], match[2] ?? '');
  }
  return entries;
}

function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return serverSources(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/** Variables read as `process.env.NAME` anywhere under server/. */
function readStraightFromProcessEnv(): string[] {
  const names = new Set<string>();
  for (const file of serverSources(path.join(ROOT, 'server'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) {
      if (match[1]) names.add(match[1]);
    }
  }
  return [...names];
}

const settingVariables = SETTING_KEYS.map((key) => settingDefinition(key).env);

describe('.env.example', () => {
  const entries = exampleEntries();

  it('lists every variable of the configuration schema', () => {
    expect(CONFIG_VARIABLES.filter((name) => !entries.has(name))).toEqual([]);
  });

  it('lists every variable that pins a system setting, and those read straight from process.env', () => {
    expect(settingVariables.filter((name) => !entries.has(name))).toEqual([]);
    const straight = readStraightFromProcessEnv();
    expect(straight.length).toBeGreaterThan(0);
    expect(straight.filter((name) => !entries.has(name))).toEqual([]);
  });

  it('lists nothing the server does not read', () => {
    const known = new Set([
      ...CONFIG_VARIABLES,
      ...settingVariables,
      ...readStraightFromProcessEnv(),
    ]);
    expect([...entries.keys()].filter((name) => !known.has(name))).toEqual([]);
  });

  it('shows the defaults the server uses: setting them all changes nothing', () => {
    const written = Object.fromEntries([...entries].filter(([, value]) => value !== ''));
    const { settingPins: pins, ...withExample } = loadConfig(written);
    const { settingPins: none, ...withNothing } = loadConfig({});
    expect(withExample).toEqual(withNothing);
    expect(none).toEqual({});
    for (const key of SETTING_KEYS) {
      if (!(key in pins)) continue;
      expect(pins[key], settingDefinition(key).env).toEqual(settingDefinition(key).default);
    }
  });
});

describe('.env', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mc-env-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills what the environment lacks, and a real variable wins', () => {
    const file = path.join(dir, 'fill.env');
    writeFileSync(
      file,
      'PORT=9100\nLOG_LEVEL=debug\n# a comment\nMAIL_FROM="Console <a@example.com>"\n',
    );
    const env: NodeJS.ProcessEnv = { PORT: '9200' };
    expect(applyEnvFile(file, env).sort()).toEqual(['LOG_LEVEL', 'MAIL_FROM']);
    expect(env).toEqual({ PORT: '9200', LOG_LEVEL: 'debug', MAIL_FROM: 'Console <a@example.com>' });
    expect(loadConfig(env).port).toBe(9200);
  });

  it('is optional: a missing file sets nothing', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(applyEnvFile(path.join(dir, 'missing.env'), env)).toEqual([]);
    expect(env).toEqual({});
  });

  it('is read by `npm start` from the working directory before the configuration', async () => {
    // Two bad values in .env; the real environment overrides one of them. The server stops at
    // the configuration, naming only the one that came from the file.
    writeFileSync(path.join(dir, '.env'), 'LOG_LEVEL=loudest\nPORT=eighty\n');
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
    for (const name of [...CONFIG_VARIABLES, ...settingVariables]) {
      if (name !== 'PORT') delete env[name];
    }
    const result = await runIn(dir, path.join(ROOT, 'server/main.ts'), env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration: .*LOG_LEVEL/);
    expect(result.stderr).not.toMatch(/PORT/);
  });
});

function runIn(
  cwd: string,
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stderr: string }> {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [script], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}
