import type { FastifyBaseLogger } from 'fastify';
import {
  SETTING_KEYS,
  isSettingKey,
  settingDefinition,
  type SettingKey,
  type SettingRow,
  type SettingSource,
  type SettingValues,
} from '../../../src/contract/settings';
import { describeFieldErrors } from '../../../src/contract/validation';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http/errors';
import { recordAudit, type AuditEntry } from '../audit/audit-repository';

/**
 * The one place a server process reads a system setting from. The catalogue (keys, groups,
 * schemas, ranges, defaults, environment variables) is src/contract/settings.ts; this file holds
 * the rule and the machinery.
 *
 * THE PRECEDENCE RULE, for every key alike:
 *   1. the environment pins a value: its variable is set and not empty (MAINTENANCE=0 pins
 *      "off"). /settings shows it as pinned, read-only, and a save of it is refused;
 *   2. otherwise the `settings` table's value, when it passes the key's schema (a stored value
 *      that does not, say written by an older version, is ignored with a warning);
 *   3. otherwise the catalogue's default.
 *
 * How a change reaches the code that uses it, without a restart:
 * - Each process keeps the resolved values in memory (`get` is synchronous: the session policy
 *   asks on every request). A save through this process reloads them at once.
 * - Other processes hear of a save through socket.io's serverSideEmit when the Redis adapter is
 *   on (settings-module.ts), and reload within milliseconds.
 * - And every process compares a cheap version of the table (an md5 over its rows, one small
 *   query) every WATCH_MS. That alone makes several processes without Redis converge, and it is
 *   the only path for writes that do not go through a server: `npm run maintenance -- on|off`
 *   and a hand-edited row. serverSideEmit alone would miss both; the poll alone would make
 *   consoles on other processes wait up to WATCH_MS.
 * - Workers that poll the database anyway (result delivery) read the table on each round through
 *   `readSettings`, with the same rule.
 */
export type SettingPins = Partial<SettingValues>;

/** How often each process checks the table's version. */
export const WATCH_MS = 2_000;

interface StoredSetting {
  value: unknown;
  updated_by: string | null;
  updated_at: string | null;
}

export interface ResolvedSetting<K extends SettingKey = SettingKey> {
  value: SettingValues[K];
  source: SettingSource;
}

const FLAG_TRUE = ['1', 'true', 'yes', 'on'];
const FLAG_FALSE = ['0', 'false', 'no', 'off'];

/** One environment variable's text as the value the key's schema checks. */
function envValue(key: SettingKey, text: string): unknown {
  const definition = settingDefinition(key);
  const trimmed = text.trim();
  switch (definition.type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
    case 'boolean':
      if (FLAG_TRUE.includes(trimmed.toLowerCase())) return true;
      if (FLAG_FALSE.includes(trimmed.toLowerCase())) return false;
      return trimmed;
    default:
      return trimmed;
  }
}

/**
 * The values the environment pins, parsed with each key's schema. A bad value is a problem
 * naming the variable (the server refuses to start with it, see config.ts).
 */
export function settingPinsFromEnv(env: NodeJS.ProcessEnv): {
  pins: SettingPins;
  problems: string[];
} {
  const pins: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const key of SETTING_KEYS) {
    const definition = settingDefinition(key);
    const text = env[definition.env];
    if (text === undefined || text.trim() === '') continue;
    const parsed = definition.schema.safeParse(envValue(key, text));
    if (parsed.success) pins[key] = parsed.data;
    else problems.push(`${definition.env}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
  }
  return { pins: pins as SettingPins, problems };
}

/** The precedence rule for one key: environment, else a valid table value, else default. */
export function resolveSetting<K extends SettingKey>(
  key: K,
  pins: SettingPins,
  stored: ReadonlyMap<string, { value: unknown }>,
  onInvalid?: (key: K) => void,
): ResolvedSetting<K> {
  const pinned = pins[key];
  if (pinned !== undefined) return { value: pinned, source: 'env' };
  const definition = settingDefinition(key);
  const row = stored.get(key);
  if (row !== undefined) {
    const parsed = definition.schema.safeParse(row.value);
    if (parsed.success) return { value: parsed.data as SettingValues[K], source: 'table' };
    onInvalid?.(key);
  }
  return { value: definition.default as SettingValues[K], source: 'default' };
}

export function resolveSettings(
  pins: SettingPins,
  stored: ReadonlyMap<string, { value: unknown }>,
  onInvalid?: (key: SettingKey) => void,
): SettingValues {
  return Object.fromEntries(
    SETTING_KEYS.map((key) => [key, resolveSetting(key, pins, stored, onInvalid).value]),
  ) as SettingValues;
}

async function readStored(
  db: Queryable,
  keys: readonly string[] = SETTING_KEYS,
  lock = false,
): Promise<Map<string, StoredSetting>> {
  const rows = await db.query<{
    key: string;
    value: unknown;
    updated_by: string | null;
    updated_at: Date | string | null;
  }>(
    `select s.key, s.value, u.username as updated_by, s.updated_at
       from settings s left join users u on u.id = s.updated_by
      where s.key = any($1::text[])
      order by s.key${lock ? ' for update of s' : ''}`,
    [keys],
  );
  return new Map(
    rows.map((row) => [
      row.key,
      {
        value: row.value,
        updated_by: row.updated_by,
        updated_at: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
      },
    ]),
  );
}

/** Every setting in force, read from the table now (for workers that poll the database anyway). */
export async function readSettings(db: Queryable, pins: SettingPins = {}): Promise<SettingValues> {
  return resolveSettings(pins, await readStored(db));
}

async function tableVersion(db: Queryable): Promise<string> {
  const rows = await db.query<{ version: string | null }>(
    `select md5(coalesce(string_agg(key || '=' || value::text || '@' || updated_at::text
                                    || '/' || coalesce(updated_by::text, ''), ';' order by key), ''))
            as version
       from settings`,
  );
  return rows[0]?.version ?? '';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What an audit row may say about a value: never a secret's text. */
function auditValue(key: SettingKey, value: unknown): unknown {
  if (settingDefinition(key).type !== 'secret') return value;
  return value === '' || value === undefined ? 'not set' : 'set';
}

/** The server's log, or a command-line tool's stand-in. */
export type SettingsLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export type SettingsListener = (changed: SettingKey[]) => void;

export class SettingsRegistry {
  private stored = new Map<string, StoredSetting>();
  private current: SettingValues;
  private version = '';
  private readonly listeners = new Set<SettingsListener>();
  private refreshing: Promise<SettingKey[]> | undefined;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly db: Database,
    readonly pins: SettingPins,
    private readonly log: SettingsLog,
  ) {
    this.current = resolveSettings(pins, this.stored);
  }

  static async load(db: Database, pins: SettingPins, log: SettingsLog): Promise<SettingsRegistry> {
    const registry = new SettingsRegistry(db, pins, log);
    await registry.refresh();
    return registry;
  }

  get<K extends SettingKey>(key: K): SettingValues[K] {
    return this.current[key];
  }

  values(): SettingValues {
    return { ...this.current };
  }

  isPinned(key: SettingKey): boolean {
    return this.pins[key] !== undefined;
  }

  /** Called with the keys whose stored row changed, after the values were reloaded. */
  subscribe(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Reloads when the table's version moved; answers the keys whose row changed. One reload at a
   * time: callers arriving meanwhile share it.
   */
  refresh(): Promise<SettingKey[]> {
    this.refreshing ??= this.reload().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async reload(): Promise<SettingKey[]> {
    const version = await tableVersion(this.db);
    if (version === this.version) return [];
    const stored = await readStored(this.db);
    const changed = SETTING_KEYS.filter((key) => !same(stored.get(key), this.stored.get(key)));
    this.stored = stored;
    this.current = resolveSettings(this.pins, stored, (key) =>
      this.log.warn({ key }, 'a stored setting fails its schema: its default applies'),
    );
    this.version = version;
    if (changed.length > 0) {
      for (const listener of this.listeners) {
        try {
          listener(changed);
        } catch (error) {
          this.log.error({ err: error }, 'a settings listener failed');
        }
      }
    }
    return changed;
  }

  /** Checks the table's version every WATCH_MS (see the file header for why). */
  startWatching(intervalMs = WATCH_MS): void {
    this.stopWatching();
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.log.warn({ err: error }, 'checking the settings table failed'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  stopWatching(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Every setting for /settings; a secret's value is never in it, only whether it is set. */
  async list(): Promise<SettingRow[]> {
    const stored = await readStored(this.db);
    return SETTING_KEYS.map((key) => {
      const definition = settingDefinition(key);
      const resolved = resolveSetting(key, this.pins, stored);
      const row = stored.get(key);
      const secret = definition.type === 'secret';
      return {
        key,
        group: definition.group,
        label: definition.label,
        description: definition.description,
        type: definition.type,
        min: definition.min ?? null,
        max: definition.max ?? null,
        integer: definition.integer === true,
        unit: definition.unit ?? null,
        options: definition.options ? [...definition.options] : null,
        env: definition.env,
        default: secret ? null : (definition.default as SettingRow['default']),
        value: secret ? null : (resolved.value as SettingRow['value']),
        is_set: secret ? resolved.value !== '' : true,
        source: resolved.source,
        pinned: this.isPinned(key),
        updated_by: row?.updated_by ?? null,
        updated_at: row?.updated_at ?? null,
      };
    });
  }

  /**
   * Saves `changes` (key -> value) all or nothing. Every key is checked first: unknown, pinned
   * by the environment, or refused by its schema is a 422 naming the key, and nothing is
   * written. A value equal to the one in force is left alone (no row, no audit entry). The rows
   * and one audit row listing every change commit together. Answers the keys that changed.
   */
  async save(
    changes: Record<string, unknown>,
    by: Pick<AuditEntry, 'actor' | 'ip'>,
  ): Promise<SettingKey[]> {
    const fields: Record<string, string> = {};
    const parsed = new Map<SettingKey, unknown>();
    for (const [key, raw] of Object.entries(changes)) {
      if (!isSettingKey(key)) {
        fields[key] = `There is no setting ${key}`;
        continue;
      }
      const definition = settingDefinition(key);
      if (this.isPinned(key)) {
        fields[key] =
          `${definition.label} is pinned by the environment variable ${definition.env}: ` +
          'change or unset it there and restart the server';
        continue;
      }
      const result = definition.schema.safeParse(raw);
      if (result.success) parsed.set(key, result.data);
      else fields[key] = result.error.issues[0]?.message ?? `${definition.label} is not valid`;
    }
    if (Object.keys(fields).length > 0) {
      throw new HttpError(422, describeFieldErrors(fields), fields);
    }

    const changed = await this.db.transaction(async (tx) => {
      const before = await readStored(tx, [...parsed.keys()], true);
      const diff: Record<string, { from: unknown; to: unknown }> = {};
      for (const [key, value] of parsed) {
        const previous = resolveSetting(key, this.pins, before).value;
        if (same(previous, value)) continue;
        await tx.query(
          `insert into settings (key, value, updated_at, updated_by)
           values ($1, $2::jsonb, now(), $3)
           on conflict (key) do update
             set value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`,
          [key, JSON.stringify(value), by.actor?.id ?? null],
        );
        diff[key] = { from: auditValue(key, previous), to: auditValue(key, value) };
      }
      const keys = Object.keys(diff) as SettingKey[];
      if (keys.length > 0) {
        await recordAudit(tx, {
          ...by,
          action: 'settings.save',
          target: { type: 'settings', id: keys.join(',') },
          details: { changed: diff },
        });
      }
      return keys;
    });
    if (changed.length > 0) {
      // A reload that started before the commit may have read the old rows: wait it out first.
      await this.refreshing?.catch(() => []);
      await this.refresh();
    }
    return changed;
  }
}
