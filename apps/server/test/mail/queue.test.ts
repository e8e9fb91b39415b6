// The mail queue holds (DESIGN §9.3 "Nothing lost", ADR 0024), against a real SMTP server and a real
// database: mail waits out an SMTP server that is down and goes once it is back; a server process
// killed with SIGKILL while delivering loses nothing, its messages going out from the next worker once
// their lease ends; two workers on one database never send the same message twice; a message past
// its expiry is not sent; a message in a transaction that rolls back is never sent.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import { mailQueue } from '../../src/lib/mail-queue.ts';
import { messageIdOf, smtpTransport } from '../../src/lib/mailer.ts';
import { freshPostgres, testDatabase } from '../helpers.ts';
import { startSmtp, type TestSmtp } from './smtp-server.ts';

const silent = { info() {}, warn() {} } as never;
const store = testDatabase();
const servers: TestSmtp[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await store.db.execute(sql`delete from mail_outbox`);
});

const smtpServer = async (port = 0) => {
  const server = await startSmtp({}, port);
  servers.push(server);
  return server;
};

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const message = (i: number) => ({ to: `person${i}@example.in`, subject: `Message ${i}`, text: `Body ${i}.` });
const subjects = (server: TestSmtp) => server.received.map((mail) => mail.subject).sort();

describe('the mail queue', () => {
  it('waits out an SMTP server that is down and delivers once it is back', async () => {
    const port = await freePort();
    const url = `smtp://mailer:smtp-secret-42@127.0.0.1:${port}`;
    const queue = mailQueue(store.db, smtpTransport(url, 'a@b.test'), silent, {
      retryDelaysMs: [100, 200, 400, 800, 1_600],
      pollMs: 20,
    });
    for (let i = 1; i <= 3; i++) await queue.send(message(i));
    // Down for a while: every message has failed at least once.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const [tried] = await queryRows<{ n: number }>(
      store.db,
      sql`select count(*)::int as n from mail_outbox where attempts > 0 and sent_at is null`,
    );
    expect(tried?.n).toBe(3);
    const server = await smtpServer(port);
    await queue.idle();
    expect(subjects(server)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    await queue.close();
  });

  it('never sends one message twice from two workers on the same database', async () => {
    const server = await smtpServer();
    const options = { pollMs: 5 };
    const [one, two] = [1, 2].map(() =>
      mailQueue(store.db, smtpTransport(server.url, 'a@b.test'), silent, options),
    );
    for (let i = 1; i <= 30; i++) await (i % 2 ? one : two)?.send(message(i));
    await Promise.all([one?.idle(), two?.idle()]);
    expect(server.received).toHaveLength(30);
    const ids = new Set(server.received.map((mail) => mail.messageId));
    expect(ids.size).toBe(30);
    await Promise.all([one?.close(), two?.close()]);
  });

  it('does not send a message past its expiry, nor one whose transaction rolled back', async () => {
    const server = await smtpServer();
    const queue = mailQueue(store.db, smtpTransport(server.url, 'a@b.test'), silent, { pollMs: 20 });
    await queue.send({ ...message(1), expiresAt: new Date(Date.now() - 1_000) });
    await store.db
      .transaction(async (tx) => {
        await queue.send(message(2), undefined, tx);
        throw new Error('the event failed');
      })
      .catch(() => {});
    await queue.send(message(3));
    await queue.idle();
    expect(subjects(server)).toEqual(['Message 3']);
    const rows = await queryRows<{ failure: string | null }>(
      store.db,
      sql`select failure from mail_outbox where gave_up_at is not null`,
    );
    expect(rows).toEqual([{ failure: 'expired' }]);
    await queue.close();
  });

  it('sends every attempt of a message under the same Message-ID, the row’s id', async () => {
    const server = await smtpServer();
    server.refusals.push(451);
    const queue = mailQueue(store.db, smtpTransport(server.url, 'a@b.test'), silent, {
      retryDelaysMs: [20],
      pollMs: 20,
    });
    await queue.send(message(1));
    await queue.idle();
    const [row] = await queryRows<{ id: string; attempts: number }>(
      store.db,
      sql`select id, attempts from mail_outbox`,
    );
    expect(row?.attempts).toBe(2);
    expect(server.received.map((mail) => mail.messageId)).toEqual([messageIdOf(row?.id as string)]);
    await queue.close();
  });
});

describe('a server process killed while delivering', () => {
  it('loses none of its messages: the next worker sends them once their lease ends', async () => {
    const server = process.env.TEST_DATABASE_URL;
    const target = server ? await freshPostgres(server) : null;
    const dir = mkdtempSync(join(tmpdir(), 'wt-killed-'));
    const where = target ? ['--postgres', target.url] : ['--pglite', dir];
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'killed-sender.ts'),
        ...where,
        '--count',
        '5',
        '--lease',
        '500',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('sending')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the sender ended by itself (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const database = await openDatabase(target ? { databaseUrl: target.url, poolSize: 2 } : { dataDir: dir });
    try {
      // All five stored and none sent; those claimed when the process died are held by their lease.
      const [held] = await queryRows<{ unsent: number; claimed: number }>(
        database.db,
        sql`select count(*) filter (where sent_at is null)::int as unsent,
                   count(*) filter (where attempts > 0)::int as claimed from mail_outbox`,
      );
      expect(held?.unsent).toBe(5);
      expect(held?.claimed).toBeGreaterThan(0);
      const smtp = await smtpServer();
      const queue = mailQueue(database.db, smtpTransport(smtp.url, 'a@b.test'), silent, { pollMs: 20 });
      await queue.idle();
      expect(subjects(smtp)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
      await queue.close();
    } finally {
      await database.close();
      await target?.drop();
    }
  });
});
