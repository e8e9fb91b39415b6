import { describe, expect, it } from 'vitest';
import { myDataFileName } from './my-account';

describe('the downloaded data file', () => {
  it("is dated by India's calendar, not UTC's", () => {
    // 21:40 UTC on 2 December is 03:10 on 3 December in India.
    expect(myDataFileName('2026-12-02T21:40:00.000Z')).toBe('worktrust-my-data-2026-12-03.json');
    expect(myDataFileName('2026-12-02T18:00:00.000Z')).toBe('worktrust-my-data-2026-12-02.json');
  });
});
