// While the server stops (issue 15 §9): a request already in flight finishes normally, and a request
// that still reaches it on an open connection gets 503 in the API's own error shape with
// `Connection: close` (Fastify's own body before). A real listening server and a raw socket, so the
// request is truly half-uploaded when close() begins.
import net from 'node:net';
import { MSG } from '@workspace/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';
import { answersUntilClosed } from './support.ts';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close().catch(() => {});
  ctx = undefined;
});

describe('a stopping server', () => {
  it('finishes the request in flight and answers a late one 503 in the API shape, closing the connection', async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const socket = net.connect(port, '127.0.0.1');
    await new Promise((ready) => socket.once('connect', ready));
    const answers = answersUntilClosed(socket);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    socket.write(
      'POST /api/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    // The request is being read when the stop begins.
    await new Promise((settle) => setTimeout(settle, 200));
    const closed = ctx.app.close();
    await new Promise((settle) => setTimeout(settle, 200));
    // The rest of the body and, pipelined behind it, a readiness check as a load balancer sends it.
    socket.write(`${body.slice(10)}GET /api/core/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);

    const [inFlight, late, ...others] = await answers;
    await closed;
    expect(inFlight?.status).toBe(401);
    expect(JSON.parse(inFlight?.body ?? '{}')).toEqual({ detail: MSG.badCredentials });
    expect(late?.status).toBe(503);
    expect(JSON.parse(late?.body ?? '{}')).toEqual({ detail: MSG.serviceUnavailable });
    expect(late?.headers).toMatch(/^connection: close$/im);
    expect(late?.headers).toMatch(/^x-request-id: /im);
    expect(others).toEqual([]);
  });
});
