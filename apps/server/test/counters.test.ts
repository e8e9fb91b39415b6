// The memory counters (lib/counters.ts): fixed windows, holds, a bounded number of keys, and a hit
// that costs the same with 100,000 keys kept as with one (issue 15 §6: past 100,000 keys every hit
// scanned them all for expired ones); a cluster worker's counters, kept by the primary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Ask, memoryCounters, memoryTally, primaryTally, tallyCounters } from '../src/lib/counters.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('memory counters', () => {
  it('count a hit past 100,000 keys without visiting the others', async () => {
    const counters = memoryCounters();
    for (let i = 0; i < 100_001; i++) await counters.hit(`flood:${i}`, 60);
    // Each visit of an entry reads the clock to judge its expiry: count the reads of one more hit.
    const clock = vi.spyOn(Date, 'now');
    expect(await counters.hit('one-more', 60)).toBe(1);
    expect(await counters.hit('flood:100000', 60)).toBe(2);
    expect(clock.mock.calls.length).toBeLessThan(10);
  });

  it('count within a window that starts with the first hit, and start again after it', async () => {
    let now = 1_000_000;
    const tally = memoryTally({ now: () => now });
    expect(await tally.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now += 400;
    expect(await tally.hit('k', 1000)).toEqual({ count: 2, ttlMs: 600 });
    now += 599;
    expect(await tally.get('k')).toBe(2);
    now += 1;
    expect(await tally.get('k')).toBe(0);
    expect(await tally.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    await tally.reset('k');
    expect(await tally.get('k')).toBe(0);
  });

  it('let one caller at a time claim a hold, and tell the others how long it lasts', async () => {
    let now = 0;
    const counters = tallyCounters(memoryTally({ now: () => now }));
    expect(await counters.claim('wait', 4)).toBe(0);
    expect(await counters.claim('wait', 4)).toBe(4);
    now += 2500;
    expect(await counters.claim('wait', 8)).toBe(2);
    now += 1500;
    expect(await counters.claim('wait', 8)).toBe(0);
    expect(await counters.claim('wait', 8)).toBe(8);
  });

  it('keep at most `max` keys, forgetting the least recently used', async () => {
    const tally = memoryTally({ max: 3 });
    for (const key of ['a', 'b', 'c']) await tally.hit(key, 60_000);
    await tally.hit('a', 60_000);
    await tally.hit('d', 60_000);
    expect(await tally.get('a')).toBe(2);
    expect(await tally.get('b')).toBe(0);
    expect(await tally.get('d')).toBe(1);
  });
});

describe('a cluster worker’s counters', () => {
  it('are the primary’s, asked once per turn of the event loop', async () => {
    const primary = memoryTally();
    const asks: Ask[] = [];
    // The primary's side of the IPC (serveClusterTally), answering on this process's channel.
    const tally = primaryTally((ask) => {
      asks.push(ask);
      void Promise.all(
        ask.ops.map((op) => (op.op === 'hit' ? primary.hit(op.key, op.ms) : primary.get(op.key))),
      ).then((results) =>
        process.emit('message', { type: 'worktrust:tally:answer', id: ask.id, results }, undefined),
      );
    });
    const counts = await Promise.all([tally.hit('k', 60_000), tally.hit('k', 60_000), tally.get('k')]);
    expect(counts.map((c) => (typeof c === 'number' ? c : c.count))).toEqual([1, 2, 2]);
    expect(asks).toHaveLength(1);
    expect(await primary.get('k')).toBe(2);
  });

  it('count in the worker when no primary answers, rather than hold requests up', async () => {
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const asks: Ask[] = [];
    const tally = primaryTally((ask) => asks.push(ask), { timeoutMs: 50 });
    expect((await tally.hit('k', 60_000)).count).toBe(1);
    expect(warning).toHaveBeenCalledTimes(1);
    // Not asked again.
    expect((await tally.hit('k', 60_000)).count).toBe(2);
    expect(asks).toHaveLength(1);
  });
});
