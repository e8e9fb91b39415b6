// One name for each city (ADR 0033, contracts' cities.ts): rows stored under another name of a city
// (before the list named it) move to the kept name as the server starts, their search pieces with
// them; what a person types is stored under the kept name; a filter by any name of a city finds it.
import { type DirectoryItem, MSG } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { users } from '../../src/db/schema/index.ts';
import { newUserCode } from '../../src/modules/users/user-code.ts';
import { call, createTestApp, freshPostgres, type TestContext } from '../helpers.ts';
import { get, makeUser, type TestUser } from './support.ts';

type List = { results: DirectoryItem[]; total_count: number };

/** Companies stored before the server knew their city's other names, as typed then. */
const STORED = [
  ['Lalbagh Looms', 'Bangalore', true],
  ['Cubbon Ceramics', 'बेंगलुरु', true],
  ['Ulsoor Umbrellas', 'BANGALORE', true],
  ['Cyber Hub Cycles', 'Gurgaon', true],
  ['Hijli Hardware', 'Kharagpur', true],
  ['Dormant Dyes', 'Bangalore', false],
] as const;

let ctx: TestContext;
let database: Database;
let drop: (() => Promise<void>) | undefined;
let viewer: TestUser;

beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL;
  const postgres = server ? await freshPostgres(server, { migrated: true }) : undefined;
  drop = postgres?.drop;
  database = postgres
    ? await openDatabase({ databaseUrl: postgres.url, poolSize: 4 })
    : await openDatabase({ dataDir: 'memory://' });
  await migrate(database.db);
  for (const [name, city, isActive] of STORED)
    await database.db.insert(users).values({
      userCode: newUserCode('employer'),
      email: `${name.replace(/\s/g, '.').toLowerCase()}@example.in`,
      passwordHash: 'not-a-real-hash',
      fullName: name,
      userRole: 'employer',
      city,
      isActive,
    });
  // The server starts on them (createDeps, as every start), and its first run of the job ends.
  ctx = await createTestApp({}, { database });
  await ctx.deps.cityNames.wake();
  viewer = await makeUser(ctx, 'employee');
});
afterAll(async () => {
  await ctx?.close();
  await drop?.();
});

const cityOf = async (name: string) =>
  (await queryRows<{ city: string }>(ctx.deps.db, sql`select city from users where full_name = ${name}`))[0]
    ?.city;
const names = (list: List) => list.results.map((item) => item.full_name).sort();

describe('one name for each city', () => {
  it('moves the cities stored under another name to the kept one as the server starts', async () => {
    expect(await cityOf('Lalbagh Looms')).toBe('Bengaluru');
    expect(await cityOf('Cubbon Ceramics')).toBe('Bengaluru');
    expect(await cityOf('Ulsoor Umbrellas')).toBe('Bengaluru');
    expect(await cityOf('Cyber Hub Cycles')).toBe('Gurugram');
    expect(await cityOf('Hijli Hardware')).toBe('Kharagpur');
    // Deactivated: not in the index the job reads; moved once active again (below).
    expect(await cityOf('Dormant Dyes')).toBe('Bangalore');
  });

  it('moves a row written under another name later (an older server in a rolling deploy), or active again, at its next run', async () => {
    await ctx.deps.db.execute(sql`update users set city = 'Bombay' where full_name = 'Hijli Hardware'`);
    await ctx.deps.cityNames.wake();
    expect(await cityOf('Hijli Hardware')).toBe('Mumbai');
    await ctx.deps.db.execute(sql`update users set city = 'Kharagpur' where full_name = 'Hijli Hardware'`);
    await ctx.deps.db.execute(sql`update users set is_active = true where full_name = 'Dormant Dyes'`);
    await ctx.deps.cityNames.wake();
    expect(await cityOf('Dormant Dyes')).toBe('Bengaluru');
    await ctx.deps.db.execute(sql`update users set is_active = false where full_name = 'Dormant Dyes'`);
  });

  it("finds the moved companies by the city's pieces: a filtered list and a search in the city", async () => {
    const list = await get<List>(ctx, viewer, '/api/core/companies/?city=Bengaluru');
    expect(names(list.body)).toEqual(['Cubbon Ceramics', 'Lalbagh Looms', 'Ulsoor Umbrellas']);
    const search = await get<List>(ctx, viewer, '/api/core/companies/?search=loom&city=Bengaluru');
    expect(names(search.body)).toEqual(['Lalbagh Looms']);
    const byCity = await get<List>(ctx, viewer, '/api/core/companies/?search=bengaluru');
    expect(names(byCity.body)).toEqual(['Cubbon Ceramics', 'Lalbagh Looms', 'Ulsoor Umbrellas']);
  });

  it('filters by any name of a city, in any case or script', async () => {
    for (const city of ['bangalore', 'बेंगलुरु', 'BENGALURU', 'Bangalore ']) {
      const list = await get<List>(ctx, viewer, `/api/core/companies/?city=${encodeURIComponent(city)}`);
      expect(list.status).toBe(200);
      expect(names(list.body)).toEqual(['Cubbon Ceramics', 'Lalbagh Looms', 'Ulsoor Umbrellas']);
    }
    const gurgaon = await get<List>(ctx, viewer, '/api/core/companies/?search=cycles&city=Gurgaon');
    expect(names(gurgaon.body)).toEqual(['Cyber Hub Cycles']);
  });

  it('stores the city a person types under the kept name, and finds them by it', async () => {
    const person = await makeUser(ctx, 'employer', { name: 'Vidhana Vents', city: 'Pune' });
    const saved = await call<{ city: string }>(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: person.token,
      body: { city: 'बैंगलोर' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.city).toBe('Bengaluru');
    const list = await get<List>(ctx, viewer, '/api/core/companies/?search=vents&city=Bangalore');
    expect(names(list.body)).toEqual(['Vidhana Vents']);
  });

  it('answers a city no list names, or one too long, as any other: found as typed, or refused with its message', async () => {
    for (const city of ['constructor', '__proto__', 'toString']) {
      const list = await get<List>(ctx, viewer, `/api/core/companies/?city=${city}`);
      expect(list.status).toBe(200);
      expect(list.body.total_count).toBe(0);
    }
    const long = await get(ctx, viewer, `/api/core/companies/?city=${'b'.repeat(51)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors?.city).toEqual([MSG.cityMax]);
    const person = await makeUser(ctx, 'employer', { name: 'Proto Pumps' });
    const odd = await call<{ city: string }>(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: person.token,
      body: { city: '__proto__' },
    });
    expect(odd.status).toBe(200);
    expect(odd.body.city).toBe('__proto__');
    const blank = await call(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: person.token,
      body: { city: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.city).toEqual([MSG.cityRequired]);
    expect(await cityOf('Proto Pumps')).toBe('__proto__');
  });
});
