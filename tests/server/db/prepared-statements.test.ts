/**
 * Prepared statements (Queryable.queryPrepared), on the engine of this run: the same answers as
 * an unprepared query, every kind of parameter arrives as itself (quotes and backslashes in text
 * included), a statement survives the rollback of the transaction that prepared it, and a name
 * that is not a plain identifier never reaches SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { sqlLiteral } from '../../../server/db/pglite-database';
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

  it('refuse a name that is not a plain identifier, and parameters they cannot carry', async () => {
    await expect(db.queryPrepared('x; drop table users', 'select 1', [])).rejects.toThrow(
      /bad statement name/,
    );
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => sqlLiteral({ a: 1 })).toThrow(TypeError);
    expect(sqlLiteral("O'Brien")).toBe(`'O''Brien'`);
  });
});
