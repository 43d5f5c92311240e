/**
 * Prepared statements (Queryable.queryPrepared), on the engine of this run: the same answers as
 * an unprepared query, every kind of parameter arrives as itself (quotes and backslashes in text
 * included, arrays of text, numbers and JSON too), a statement survives the rollback of the
 * transaction that prepared it, a value its type refuses fails with the database's error and
 * leaves the statement usable, and a name that is not a plain identifier never reaches SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { parameterText } from '../../../server/db/pglite-database';
import { openTestDatabase, type TestDatabase } from '../../support/test-database';

const ECHO = `select $1::int as n, $2::text as t, $3::boolean as b, $4::double precision as d,
                    $5::text is null as missing`;

describe('prepared statements', () => {
  let test: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    test = await openTestDatabase('migrated');
    db = test.db;
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('answer as the same query unprepared, with every parameter as sent, time after time', async () => {
    const tricky = `it's a \\ back'slash; drop table users; --`;
    const params = [7, tricky, true, 2.5, null];
    const plain = await db.query(ECHO, params);
    for (let run = 0; run < 8; run++) {
      expect(await db.queryPrepared('echo_params', ECHO, params)).toEqual(plain);
      expect(
        await db.deferred.queryPrepared('echo_params', ECHO, [run, 'x', false, 0, 'y']),
      ).toEqual([{ n: run, t: 'x', b: false, d: 0, missing: false }]);
    }
    expect(plain).toEqual([{ n: 7, t: tricky, b: true, d: 2.5, missing: true }]);
  });

  it('take arrays of text, numbers and JSON, each element as sent', async () => {
    const texts = [`it's`, 'a "quoted" \\ back\\slash', '', null, '{not, an array}'];
    const payloads = [JSON.stringify({ say: `"hi" \\ it's` }), JSON.stringify([1, { a: null }])];
    const sql = `select $1::bigint[] as ids, $2::text[] as texts,
                        (select array_agg(p order by n) from unnest($3::jsonb[]) with ordinality as t(p, n)) as payloads`;
    const expected = [
      {
        ids: [1, 2, 9_007_199_254_740_991],
        texts,
        payloads: payloads.map((payload) => JSON.parse(payload) as unknown),
      },
    ];
    const params = [[1, 2, 9_007_199_254_740_991], texts, payloads];
    expect(await db.query(sql, params)).toEqual(expected);
    expect(await db.queryPrepared('echo_arrays', sql, params)).toEqual(expected);
    expect(await db.queryPrepared('echo_arrays', sql, [[], [], []])).toEqual([
      { ids: [], texts: [], payloads: null },
    ]);
  });

  it('survive the rollback of the transaction that first prepared them', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.queryPrepared('inside_rollback', 'select $1::int + 1 as next', [1]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.queryPrepared('inside_rollback', 'select $1::int + 1 as next', [41])).toEqual([
      { next: 42 },
    ]);
  });

  it('fail with the database error on a value its type refuses, and run again after', async () => {
    const sql = 'select $1::int + 1 as next';
    await expect(db.queryPrepared('refuses_text', sql, ['not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
    await expect(
      db.transaction((tx) => tx.queryPrepared('refuses_text', sql, ['twelve'])),
    ).rejects.toMatchObject({ code: '22P02' });
    expect(await db.queryPrepared('refuses_text', sql, [11])).toEqual([{ next: 12 }]);
    expect(await db.transaction((tx) => tx.queryPrepared('refuses_text', sql, [1]))).toEqual([
      { next: 2 },
    ]);
  });

  it('refuse a name that is not a plain identifier, and parameters they cannot carry', async () => {
    await expect(db.queryPrepared('x; drop table users', 'select 1', [])).rejects.toThrow(
      /bad statement name/,
    );
    expect(() => parameterText(Number.NaN)).toThrow(TypeError);
    expect(() => parameterText({ a: 1 })).toThrow(TypeError);
    expect(() => parameterText('a\0b')).toThrow(TypeError);
    expect(() => parameterText(['a\0b'])).toThrow(TypeError);
    expect(parameterText("O'Brien")).toBe("O'Brien");
    expect(parameterText(['a "b"', null, 3])).toBe('{"a \\"b\\"",NULL,"3"}');
  });
});
