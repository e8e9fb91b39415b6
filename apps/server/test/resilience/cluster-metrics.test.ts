// Metrics under the cluster entry (what `npm start` runs on PostgreSQL): a scrape reaches one worker,
// and that worker answers for all of them, so the counts are the instance's, whichever worker took
// each request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseEnv,
  type PrivatePostgres,
  request,
  type ServerInstance,
  startPostgres,
  startServer,
  waitFor,
} from './support.ts';

const TOKEN = 'cluster-metrics-token-0123456789';
let postgres: PrivatePostgres;
let server: ServerInstance;

beforeAll(async () => {
  postgres = await startPostgres();
  server = await startServer(
    {
      ...baseEnv(),
      DATABASE_URL: await postgres.createDatabase(),
      WEB_CONCURRENCY: '2',
      METRICS_TOKEN: TOKEN,
    },
    { entry: 'cluster' },
  );
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.close();
}, 60_000);

const scrape = async () => {
  const answer = await request<string>(server.port, 'GET', '/api/metrics', {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.status).toBe(200);
  return answer.body;
};
const sample = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
const LIVE = /^http_requests_total\{method="GET",route="\/api\/live",status="200"\} (\d+)$/m;

describe('metrics of a clustered instance', () => {
  it('sums every worker’s requests in one scrape', { timeout: 120_000 }, async () => {
    // The second worker starts once the first listens.
    await waitFor(
      'both workers to report',
      async () => sample(await scrape(), /^worktrust_server_processes (\d+)$/m) === 2,
    );
    const before = sample(await scrape(), LIVE);
    for (let i = 0; i < 40; i++) expect((await request(server.port, 'GET', '/api/live')).status).toBe(200);
    // Spread over both workers by the primary; counted once each, all of them.
    const text = await scrape();
    expect(sample(text, LIVE)).toBe(before + 40);
    expect(sample(text, /^worktrust_server_processes (\d+)$/m)).toBe(2);
    expect(sample(text, /^db_pool_connections\{state="total"\} (\d+)$/m)).toBeGreaterThan(0);
    // Still one family per metric: a valid exposition.
    const types = text.split('\n').filter((line) => line.startsWith('# TYPE '));
    expect(new Set(types).size).toBe(types.length);
  });
});
