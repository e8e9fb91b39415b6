// A background job run now and then by every server process: one run at a time in a process, again at
// once while a run says there is more to do, once more after the runs under way when woken during them
// (what was written just then is seen without waiting for the next poll), and one warning per run of
// failures (an outage of the database, a deadlock) rather than one a poll.
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from './loggable-error.ts';

export interface Poller {
  /** Runs the job now (or once more after the runs under way) until it has nothing left to do. */
  wake(): Promise<void>;
  close(): Promise<void>;
}

export function startPoller(options: {
  /** What the job is, for the log: "search ranks". */
  what: string;
  everyMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** One run; true when there may be more to do at once. */
  run: () => Promise<boolean>;
}): Poller {
  const { what, everyMs, log, run } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let failing = false;
  let closed = false;
  const wake = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        while ((await run()) && !closed) {}
      } while (again && !closed);
    })()
      .then(() => {
        if (failing) log.info(`${what} running again`);
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) log.warn({ err: loggableError(error) }, `${what} failed; trying again`);
        failing = true;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void wake(), everyMs);
  timer.unref();
  return {
    wake,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
