// The cluster entry's exit code when it stops (issue 15 §9): 0 when every worker drained cleanly,
// non-zero when a worker had to give up on a request in flight at SHUTDOWN_TIMEOUT (before: the primary
// exited 0 whatever its workers did, so a supervisor could not tell a forced stop from a clean one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, holdRequest, type PrivatePostgres, startPostgres, startServer } from './support.ts';

let postgres: PrivatePostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.close();
}, 60_000);

const clusterEnv = async () => ({
  ...baseEnv(),
  DATABASE_URL: await postgres.createDatabase(),
  WEB_CONCURRENCY: '2',
  SHUTDOWN_TIMEOUT: '1s',
});

describe('stopping the cluster entry', () => {
  it('exits 0 when every worker drained', async () => {
    const server = await startServer(await clusterEnv(), { entry: 'cluster' });
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  }, 180_000);

  it('exits 1 when a worker gave up on a request in flight', async () => {
    const server = await startServer(await clusterEnv(), { entry: 'cluster' });
    // Headers and half a body: whichever worker took the connection keeps it in flight.
    const socket = await holdRequest(server.port);
    const result = await server.stop();
    socket.destroy();
    expect(result).toEqual({ code: 1, signal: null });
    expect(server.stdout.join('\n')).toContain('requests still in flight at SHUTDOWN_TIMEOUT');
  }, 180_000);
});
