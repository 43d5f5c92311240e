import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../../../src/contract/endpoints';
import * as auditLogRepository from '../../../../server/features/audit/audit-log-repository';
import * as auditRepository from '../../../../server/features/audit/audit-repository';

/**
 * Nobody can change or remove an audit row through the console. The proof has three parts:
 * the only endpoints on the log are reads; the audit modules export only the insert and the
 * reads; and no SQL anywhere in the server (statements in code, migrations) updates, deletes,
 * truncates, drops or alters the table. A new statement that does fails this test.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../../../../server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|sql)$/.test(name) ? [full] : [];
  });
}

/** SQL that changes rows or the table, aimed at audit_log (with or without `only`/a schema). */
const CHANGES_AUDIT_LOG =
  /\b(update|delete\s+from|truncate(\s+table)?|drop\s+table(\s+if\s+exists)?|alter\s+table)\s+(only\s+)?(public\.)?audit_log\b/i;

describe('the audit log is append-only', () => {
  it('has only GET endpoints', () => {
    const onLog = ALL_ENDPOINTS.filter((endpoint) => endpoint.path.startsWith('/api/audit-log'));
    expect(onLog.length).toBeGreaterThan(0);
    expect(onLog.filter((endpoint) => endpoint.method !== 'GET')).toEqual([]);
  });

  it('exports only the insert and the reads from its repositories', () => {
    expect(Object.keys(auditRepository).sort()).toEqual(['recordAudit']);
    expect(Object.keys(auditLogRepository).sort()).toEqual(['auditLogBatch', 'listAuditLog']);
  });

  it('has no statement in the server that updates, deletes, truncates, drops or alters it', () => {
    const files = sourceFiles(SERVER_DIR);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) => CHANGES_AUDIT_LOG.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(SERVER_DIR, file))).toEqual([]);
    // The pattern itself catches what it is meant to.
    for (const statement of [
      'update audit_log set details = $1',
      'DELETE FROM audit_log where id = 1',
      'truncate table audit_log',
      'alter table only audit_log drop column ip',
    ]) {
      expect(CHANGES_AUDIT_LOG.test(statement), statement).toBe(true);
    }
    expect(CHANGES_AUDIT_LOG.test('insert into audit_log (action) values ($1)')).toBe(false);
  });
});
