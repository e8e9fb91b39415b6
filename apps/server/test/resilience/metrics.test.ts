// Probes and metrics for load balancers and Prometheus (issue 5 §6): liveness, readiness, and a
// metrics endpoint that is not public unless configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, makeUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('metrics endpoint configured (METRICS_TOKEN set)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => ctx.close());

  const scrape = async () => {
    const answer = await call(ctx.app, 'GET', '/api/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return answer.raw.body;
  };

  it('refuses a scrape without the token, or with a wrong one', async () => {
    const missing = await call(ctx.app, 'GET', '/api/metrics');
    expect(missing.status).toBe(401);
    expect(missing.body.detail).toBe('Authentication credentials were not provided.');
    for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer', TOKEN]) {
      const wrong = await call(ctx.app, 'GET', '/api/metrics', { headers: { authorization } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.detail).toBe('Given token not valid for any token type');
    }
  });

  it('counts requests by method, route pattern and status, with a duration histogram', async () => {
    for (let i = 0; i < 3; i++) await call(ctx.app, 'GET', '/api/core/health/');
    await call(ctx.app, 'GET', `/api/core/users/${123456}/stats/`);
    await call(ctx.app, 'GET', '/api/no/such/route/at/all');
    const text = await scrape();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/core\/health",status="200"\} 3$/m);
    // The pattern, not the URL: ids do not create series.
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/core\/users\/:id\/stats",status="401"\} 1$/m,
    );
    expect(text).not.toContain('123456');
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{method="GET",route="\/api\/core\/health",status="200",le="\+Inf"\} 3$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/core\/health",status="200"\} 3$/m,
    );
    const sum =
      /^http_request_duration_seconds_sum\{method="GET",route="\/api\/core\/health",status="200"\} (\S+)$/m.exec(
        text,
      );
    expect(Number(sum?.[1])).toBeGreaterThan(0);
    // Buckets are cumulative.
    const buckets = [
      ...text.matchAll(
        /^http_request_duration_seconds_bucket\{method="GET",route="\/api\/core\/health",status="200",le="[^"]+"\} (\d+)$/gm,
      ),
    ].map((m) => Number(m[1]));
    expect(buckets).toEqual([...buckets].sort((x, y) => x - y));
  });

  it('reports the database pool, event-loop delay and memory', async () => {
    const text = await scrape();
    const stats = ctx.deps.database.poolStats();
    expect(text).toContain(`db_pool_connections{state="total"} ${stats.total}`);
    expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^db_pool_waiting_requests \d+$/m);
    for (const q of ['0.5', '0.9', '0.99', '1']) {
      expect(text).toMatch(
        new RegExp(`^nodejs_eventloop_delay_seconds\\{quantile="${q}"\\} [0-9.e+-]+$`, 'm'),
      );
    }
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^process_uptime_seconds [0-9.]+$/m);
    // Every sample line is `name{labels} number`: a valid exposition.
    for (const line of text.trimEnd().split('\n')) {
      if (line.startsWith('#')) continue;
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?[0-9.e+-]+$/);
    }
  });
});

describe('answer cache metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => ctx.close());

  it('count hits and misses of the answer cache, and what it holds', async () => {
    const company = await makeUser(ctx, 'employer');
    const viewer = await makeUser(ctx, 'employee');
    for (let i = 0; i < 3; i++) {
      expect((await get(ctx, viewer, `/api/core/users/${company.id}/profile/`)).status).toBe(200);
    }
    const text = (
      await call(ctx.app, 'GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    ).raw.body;
    expect(text).toContain('# TYPE worktrust_view_cache_lookups_total counter');
    expect(text).toMatch(/^worktrust_view_cache_lookups_total\{result="hit"\} 2$/m);
    expect(text).toMatch(/^worktrust_view_cache_lookups_total\{result="miss"\} 1$/m);
    expect(text).toMatch(/^worktrust_view_cache_entries 1$/m);
    const size = /^worktrust_view_cache_size_chars (\d+)$/m.exec(text);
    expect(Number(size?.[1])).toBeGreaterThan(100);
  });
});

describe('metrics endpoint not configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('answers 404, token or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const answer = await call(ctx.app, 'GET', '/api/metrics', { headers });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: 'Not found' });
    }
  });

  it('answers liveness without the database, and readiness with it', async () => {
    expect(await call(ctx.app, 'GET', '/api/live')).toMatchObject({ status: 200, body: { status: 'alive' } });
    const ready = await call(ctx.app, 'GET', '/api/core/health/');
    expect(ready).toMatchObject({ status: 200, body: { status: 'healthy', database: 'ok' } });
    // The database gone: liveness still 200 (no restart needed), readiness 503 (take out of rotation).
    await ctx.deps.database.close();
    expect((await call(ctx.app, 'GET', '/api/live')).status).toBe(200);
    const unready = await call(ctx.app, 'GET', '/api/core/health/');
    expect(unready).toMatchObject({ status: 503, body: { status: 'unhealthy' } });
  });
});
