// A server process's mail worker, for mail/queue.test.ts to kill: it opens the database given
// (`--pglite DIR` or `--postgres URL`), stores COUNT messages and starts delivering them through a
// transport that never finishes; once the first delivery has begun it says "sending" and waits for
// its SIGKILL. The claimed rows are then held by a lease of LEASE_MS, as a real worker's would be.
import { parseArgs } from 'node:util';
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { mailQueue } from '../../src/lib/mail-queue.ts';

const { values } = parseArgs({
  options: {
    pglite: { type: 'string' },
    postgres: { type: 'string' },
    count: { type: 'string' },
    lease: { type: 'string' },
  },
});
const database = await openDatabase(
  values.postgres ? { databaseUrl: values.postgres, poolSize: 2 } : { dataDir: values.pglite as string },
);
await migrate(database.db);
const silent = { info() {}, warn() {} };
const hanging = {
  deliver: () => {
    process.stdout.write('sending\n');
    return new Promise<void>(() => {});
  },
  close() {},
};
const queue = mailQueue(database.db, hanging, silent, { leaseMs: Number(values.lease), pollMs: 20 });
// All stored in one transaction, as an event's mail is; the worker's next poll takes them.
await database.db.transaction(async (tx) => {
  for (let i = 1; i <= Number(values.count); i++) {
    await queue.send(
      { to: `person${i}@example.in`, subject: `Message ${i}`, text: `Body ${i}.` },
      silent,
      tx,
    );
  }
});
