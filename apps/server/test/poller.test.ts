// The background jobs' loop (lib/poller.ts): one run at a time, again at once while a run says there
// is more, once more when woken during a run, and one warning for a run of failures, one line when it
// works again.
import { describe, expect, it } from 'vitest';
import { startPoller } from '../src/lib/poller.ts';

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (message: string) => void lines.push(`info ${message}`),
      warn: (_fields: unknown, message: string) => void lines.push(`warn ${message}`),
    } as never,
  };
}

describe('a poller', () => {
  it('runs once at a time, and again at once while a run says there is more to do', async () => {
    const { log } = recordingLog();
    let running = 0;
    let most = 0;
    let runs = 0;
    const poller = startPoller({
      what: 'test job',
      everyMs: 3_600_000,
      log,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        await new Promise((done) => setTimeout(done, 5));
        running -= 1;
        return runs < 3;
      },
    });
    await Promise.all([poller.wake(), poller.wake(), poller.wake()]);
    expect(most).toBe(1);
    // Three until a run says there is no more, and one more for the two wakes during them.
    expect(runs).toBe(4);
    await poller.close();
    await poller.wake();
    expect(runs).toBe(4);
  });

  it('runs once more after a run during which it was woken: what was written then is not left for the next poll', async () => {
    const { log } = recordingLog();
    const queue: string[] = [];
    const done: string[] = [];
    let woken: Promise<void> | undefined;
    const poller = startPoller({
      what: 'test job',
      everyMs: 3_600_000,
      log,
      run: async () => {
        const item = queue.shift();
        if (item === undefined) {
          // The run has seen the queue empty; a job written now, with its wake, arrives too late for it.
          if (done.length === 1) {
            queue.push('second');
            woken = poller.wake();
          }
          return false;
        }
        done.push(item);
        return true;
      },
    });
    queue.push('first');
    await poller.wake();
    await woken;
    expect(done).toEqual(['first', 'second']);
    await poller.close();
  });

  it('warns once for a run of failures and says when it works again', async () => {
    const { lines, log } = recordingLog();
    let failing = true;
    const poller = startPoller({
      what: 'test job',
      everyMs: 3_600_000,
      log,
      run: async () => {
        if (failing) throw new Error('connection refused');
        return false;
      },
    });
    await poller.wake();
    await poller.wake();
    await poller.wake();
    expect(lines).toEqual(['warn test job failed; trying again']);
    failing = false;
    await poller.wake();
    await poller.wake();
    expect(lines).toEqual(['warn test job failed; trying again', 'info test job running again']);
    await poller.close();
  });
});
