import { describe, expect, it } from 'vitest';
import type { AuditLogRow } from '../../../../src/contract/audit-log';
import {
  actionLabel,
  actorLabel,
  detailsJson,
  detailsPreview,
  targetLabel,
  targetName,
} from '../../../../src/features/audit-log/audit-entry-format';

const row = (overrides: Partial<AuditLogRow>): AuditLogRow => ({
  id: 1,
  at: '2025-05-01T12:00:00.000Z',
  actor_id: 7,
  actor_username: 'ada',
  action: 'session.kick',
  target_type: 'user',
  target_id: '12',
  details: {},
  ip: '10.0.0.1',
  ...overrides,
});

describe('how an audit entry reads', () => {
  it('labels actions, keeping a retired name as it was stored', () => {
    expect(actionLabel('session.kick')).toBe('Kicked user');
    expect(actionLabel('media.event')).toBe('Media event');
    expect(actionLabel('legacy.thing')).toBe('legacy.thing');
  });

  it('names the target by kind and id, and the user behind it when the row knows', () => {
    expect(targetLabel(row({}))).toBe('User #12');
    expect(targetLabel(row({ target_type: 'setting', target_id: 'lease_grace_seconds' }))).toBe(
      'Setting lease_grace_seconds',
    );
    expect(targetLabel(row({ target_type: null, target_id: null }))).toBe('');
    expect(targetName(row({ details: { username: 'olive' } }))).toBe('olive');
    expect(targetName(row({ target_id: '7' }))).toBe('ada');
    expect(targetName(row({}))).toBeUndefined();
    expect(targetName(row({ target_type: 'role', details: { username: 'x' } }))).toBeUndefined();
  });

  it('names the system when no person acted', () => {
    expect(actorLabel(row({ actor_username: null }))).toBe('System');
  });

  it('previews details on one line and shows them whole as indented JSON', () => {
    const details = { username: 'olive', items_returned: 2, before: { max: 6 }, note: null };
    expect(detailsPreview(details)).toBe(
      'username: olive · items_returned: 2 · before: {"max":6} · n…',
    );
    expect(detailsPreview({ a: 1 })).toBe('a: 1');
    expect(detailsJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
