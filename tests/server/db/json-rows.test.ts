import { describe, expect, it } from 'vitest';
import { jsonRowSql, jsonTimestamp, parseJsonRow } from '../../../server/db/json-rows';
import { openTestDatabase } from '../../support/test-database';

describe('rows read as one JSON text', () => {
  it('keeps microseconds and reads any session time zone', async () => {
    expect(jsonTimestamp('2025-06-15T14:00:00.1234+02:00')).toEqual({
      iso: '2025-06-15T12:00:00.123Z',
      exact: '2025-06-15T12:00:00.123400Z',
    });
    expect(jsonTimestamp('2025-06-15T12:00:00+00:00').exact).toBe('2025-06-15T12:00:00.000000Z');
    expect(jsonTimestamp('2025-06-15T07:30:00.000001-0430').exact).toBe(
      '2025-06-15T12:00:00.000001Z',
    );
    expect(() => jsonTimestamp('yesterday')).toThrow();

    const { db, dispose } = await openTestDatabase('migrated');
    try {
      const fields = [
        ['id', '7::bigint'],
        ['at', "'2025-06-15 12:00:00.654321+00'::timestamptz"],
        ['tags', `'{"spam": 1}'::jsonb`],
        ['none', 'null'],
      ] as const;
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns']) {
        const [row] = await db.transaction(async (tx) => {
          await tx.query(`set local time zone '${zone}'`);
          return tx.query<{ row: string }>(`select ${jsonRowSql(fields)}`);
        });
        const values = parseJsonRow(fields, row?.row ?? '[]');
        expect(values).toEqual({
          id: 7,
          at: expect.any(String),
          tags: { spam: 1 },
          none: null,
        });
        expect(jsonTimestamp(String(values.at)).exact).toBe('2025-06-15T12:00:00.654321Z');
      }
    } finally {
      await dispose();
    }
  });
});
