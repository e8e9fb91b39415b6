// A raw prepared statement binds each placeholder once, wherever the statement writes it (why:
// placeholdersOnce in src/db/prepared.ts).
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { placeholdersOnce, preparedRaw } from '../../src/db/prepared.ts';

const dialect = new PgDialect();

describe('placeholdersOnce', () => {
  it('gives each placeholder one parameter and keeps a parameter for each value written in', () => {
    const query = placeholdersOnce(
      dialect.sqlToQuery(
        sql`select ${sql.placeholder('n')}::int + ${sql.placeholder('n')}::int as twice,
          ${sql.placeholder('word')}::text as word, ${7}::int as seven, ${7}::bigint as big,
          ${sql.placeholder('n')}::int as once`,
      ),
    );
    expect(query.sql).toBe(`select $1::int + $1::int as twice,
          $2::text as word, $3::int as seven, $4::bigint as big,
          $1::int as once`);
    expect(query.params).toHaveLength(4);
    expect(query.params.slice(2)).toEqual([7, 7]);
  });
});

describe('a raw prepared statement', () => {
  const bound: number[] = [];
  let database: Database;
  beforeAll(async () => {
    const logger = { logQuery: (_query: string, params: unknown[]) => void bound.push(params.length) };
    const url = process.env.TEST_DATABASE_URL;
    database = await openDatabase(
      url ? { databaseUrl: url, poolSize: 1, logger } : { dataDir: 'memory://', logger },
    );
  });
  afterAll(() => database.close());

  it('is sent with one value a placeholder and answers with it in every place', async () => {
    const statement = preparedRaw<{ twice: number; word: string; plus: number }>(
      () => sql`select ${sql.placeholder('n')}::int * 2 as twice, ${sql.placeholder('word')}::text as word,
        ${sql.placeholder('n')}::int + ${sql.placeholder('n')}::int + 1 as plus`,
    );
    for (const n of [3, 20]) {
      bound.length = 0;
      const rows = await statement(database.db, 'prepared_test_placeholders').rows({ n, word: 'pune' });
      expect(rows).toEqual([{ twice: 2 * n, word: 'pune', plus: 2 * n + 1 }]);
      expect(bound).toEqual([2]);
    }
  });
});
