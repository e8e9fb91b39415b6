// Read replicas (DESIGN §9.2, ADR 0026) against a real private primary and a real streaming replica
// (initdb, pg_basebackup -R, private ports): reads that may be a few seconds old reach the replica; a
// person sees their own rating at once while the replica has not replayed it; a replica paused past
// REPLICA_MAX_LAG_S is skipped until it catches up; a replica killed under load fails no request.
import { randomBytes } from 'node:crypto';
import type { ProfileResponse } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  baseEnv,
  companyRating,
  expectAnswer,
  type PrivatePostgres,
  type PrivateReplica,
  population,
  request,
  type ServerInstance,
  scrapeMetrics,
  sleep,
  startPostgres,
  startReplica,
  startServer,
  waitFor,
} from './support.ts';

const MAX_LAG_S = 5;
const STICKY_S = 2;
const METRICS_TOKEN = randomBytes(16).toString('hex');

let primary: PrivatePostgres;
let replica: PrivateReplica;
let server: ServerInstance;
/** A second instance on the same primary and replica: it knows nothing of the writes made through `server`. */
let other: ServerInstance;
let raters: Account[];
let companies: Account[];

beforeAll(async () => {
  primary = await startPostgres();
  const url = await primary.createDatabase();
  const database = new URL(url).pathname.slice(1);
  replica = await startReplica(primary);
  const env = {
    ...baseEnv(),
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    DATABASE_REPLICA_URLS: replica.url(database),
    REPLICA_MAX_LAG_S: String(MAX_LAG_S),
    REPLICA_STICKY_S: String(STICKY_S),
    METRICS_TOKEN,
  };
  [server, other] = await Promise.all([startServer(env), startServer(env)]);
  ({ raters, companies } = await population(server.port, 8, 3));
}, 240_000);

afterAll(async () => {
  await Promise.all([server?.stop(), other?.stop()]);
  await replica?.close();
  await primary?.close();
});

const metric = async (name: string) =>
  (await scrapeMetrics(server.port, METRICS_TOKEN)).get(name) ?? Number.NaN;
const replicaReads = () => metric('worktrust_db_reads_total{pool="replica"}');
const replicaUsable = () => metric('worktrust_db_replica_usable{replica="0"}');

const profileOf = (company: Account, viewer: Account, cookie?: string, ratings = 10) =>
  expectAnswer<ProfileResponse>(
    server.port,
    200,
    'GET',
    `/api/core/users/${company.id}/profile/?ratings=${ratings}`,
    {
      token: viewer.access,
      ...(cookie && { headers: { cookie } }),
    },
  );

describe('read replicas', () => {
  it('serve the directories and other people’s profiles, counted per pool', async () => {
    await waitFor('the replica in use', async () => (await replicaUsable()) === 1, 30_000);
    const before = await replicaReads();
    const viewer = raters[0] as Account;
    await expectAnswer(server.port, 200, 'GET', '/api/core/companies/', { token: viewer.access });
    await profileOf(companies[0] as Account, viewer);
    expect(await replicaReads()).toBe(before + 2);
    expect(await metric('worktrust_db_replica_queries_total{replica="0",result="answered"}')).toBeGreaterThan(
      0,
    );
    expect(await metric('worktrust_db_replica_lag_seconds{replica="0"}')).toBeLessThanOrEqual(MAX_LAG_S);
  });

  it('show a rating to its author at once, to others once the replica has it, and skip a replica that lags', async () => {
    const [author, other] = raters.slice(1, 3) as [Account, Account];
    const company = companies[1] as Account;
    // The replica has everything so far, the newest a moment ago (its lag is the age of the last
    // change it replayed), then stops replaying.
    await expectAnswer(server.port, 201, 'POST', '/api/core/ratings/', {
      token: (raters[4] as Account).access,
      body: companyRating((companies[0] as Account).id, 3),
    });
    await waitFor(
      'the replica caught up',
      async () => (await metric('worktrust_db_replica_lag_seconds{replica="0"}')) < 1,
      30_000,
    );
    await replica.pauseReplay();
    const rated = await request(server.port, 'POST', '/api/core/ratings/', {
      token: author.access,
      body: companyRating(company.id, 7),
    });
    expect(rated.status).toBe(201);
    const cookie = String(rated.headers?.['set-cookie'] ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^wt_wrote=\d{13}$/);
    // The author, in the browser (the cookie) and by account alike: from the primary, their rating in.
    expect((await profileOf(company, author, cookie)).rating_summary.total_ratings).toBe(1);
    // (another page of the profile, so the answer just cached for the author is not what answers)
    expect((await profileOf(company, author, undefined, 5)).rating_summary.total_ratings).toBe(1);
    // Someone else, within the lag allowed: the replica's page, a moment old.
    const before = await replicaReads();
    expect((await profileOf(company, other)).rating_summary.total_ratings).toBe(0);
    expect(await replicaReads()).toBe(before + 1);
    // Past REPLICA_STICKY_S the author still reads their rating: the replica has not replayed it,
    // so it is not theirs to read from, while it still serves someone else (another page each, so
    // that no cached answer is what answers).
    await sleep(STICKY_S * 1000 + 200);
    expect((await profileOf(company, other, undefined, 8)).rating_summary.total_ratings).toBe(0);
    const stillPrimary = await metric('worktrust_db_reads_total{pool="primary"}');
    expect((await profileOf(company, author, undefined, 7)).rating_summary.total_ratings).toBe(1);
    expect(await metric('worktrust_db_reads_total{pool="primary"}')).toBe(stillPrimary + 1);
    // Past REPLICA_MAX_LAG_S behind, the replica is skipped: everyone reads from the primary.
    await waitFor('the replica skipped', async () => (await replicaUsable()) === 0, 30_000);
    expect((await profileOf(company, other)).rating_summary.total_ratings).toBe(1);
    // Replaying again, it is used again.
    await replica.resumeReplay();
    await waitFor('the replica in use again', async () => (await replicaUsable()) === 1, 30_000);
    // (The page the primary answered meanwhile is cached at its version: another page shows it.)
    const again = await replicaReads();
    await profileOf(companies[2] as Account, raters[3] as Account);
    expect(await replicaReads()).toBe(again + 1);
  });

  it('never show a rating its author withdrew, read from a replica that still has it, with the author’s name', async () => {
    const [author, viewer] = raters.slice(5, 7) as [Account, Account];
    const company = companies[1] as Account;
    // An anonymous rating (companyRating's seed a multiple of 3), on every replica, then replay stops.
    const rated = await expectAnswer<{ id: number }>(server.port, 201, 'POST', '/api/core/ratings/', {
      token: author.access,
      body: companyRating(company.id, 9),
    });
    await waitFor(
      'the replica caught up',
      async () => (await metric('worktrust_db_replica_lag_seconds{replica="0"}')) < 1,
      30_000,
    );
    await replica.pauseReplay();
    await expectAnswer(server.port, 204, 'DELETE', `/api/core/ratings/${rated.id}/`, {
      token: author.access,
    });
    // The author, through the other instance and without the browser's cookie (an API client): the
    // primary says they have not rated the company, so theirs is the view everyone shares, and the
    // replica's ratings still hold the one they withdrew.
    const replicaReadsThere = async () =>
      (await scrapeMetrics(other.port, METRICS_TOKEN)).get('worktrust_db_reads_total{pool="replica"}') ?? 0;
    const before = await replicaReadsThere();
    const path = `/api/core/users/${company.id}/profile/?ratings=9`;
    const seenByAuthor = await expectAnswer<ProfileResponse>(other.port, 200, 'GET', path, {
      token: author.access,
    });
    expect(await replicaReadsThere()).toBe(before + 1);
    const seenByViewer = await expectAnswer<ProfileResponse>(other.port, 200, 'GET', path, {
      token: viewer.access,
    });
    for (const seen of [seenByAuthor, seenByViewer]) {
      const withdrawn = seen.all_ratings.find((rating) => rating.id === rated.id);
      expect(withdrawn?.is_anonymous).toBe(true);
      expect(withdrawn).not.toHaveProperty('rater');
      expect(withdrawn).not.toHaveProperty('status');
      expect(withdrawn?.rater_name).toBe('Anonymous');
      expect(withdrawn?.created_at).toMatch(/T00:00:00\.000Z$/);
    }
    await replica.resumeReplay();
    await waitFor('the replica in use again', async () => (await replicaUsable()) === 1, 30_000);
  });

  // A killed standby's restart replays from its last restartpoint: time beyond the usual minute.
  it('fails no request when the replica is killed under load, and is used again once back', {
    timeout: 120_000,
  }, async () => {
    await waitFor('the replica in use', async () => (await replicaUsable()) === 1, 30_000);
    const reads = [
      () => '/api/core/companies/?page=1',
      (viewer: Account) => `/api/core/companies/?search=${encodeURIComponent('Infosys')}&r=${viewer.id}`,
      () => `/api/core/users/${(companies[2] as Account).id}/profile/`,
      () => `/api/core/users/${(companies[0] as Account).id}/stats/`,
    ];
    const statuses = new Map<number, number>();
    let stop = false;
    const client = async (n: number) => {
      const viewer = raters[n % raters.length] as Account;
      for (let i = 0; !stop; i++) {
        const path = (reads[(n + i) % reads.length] as (viewer: Account) => string)(viewer);
        const answer = await request(server.port, 'GET', path, { token: viewer.access });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    await sleep(1000);
    await replica.kill();
    await sleep(3000);
    stop = true;
    await load;
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(await replicaUsable()).toBe(0);
    // Back: the monitor finds it and reads go there again.
    await replica.start();
    await waitFor('the replica in use again', async () => (await replicaUsable()) === 1, 60_000);
    const before = await replicaReads();
    await expectAnswer(server.port, 200, 'GET', '/api/core/companies/', {
      token: (raters[0] as Account).access,
    });
    expect(await replicaReads()).toBe(before + 1);
  });
});
