// The validated environment (config/env.ts): the answer cache's size (ADR 0007).
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../src/config/env.ts';

describe('VIEW_CACHE_MB', () => {
  it('defaults to 32 and takes 0 to turn the cache off', () => {
    expect(parseEnv({}).VIEW_CACHE_MB).toBe(32);
    expect(parseEnv({ VIEW_CACHE_MB: '0' }).VIEW_CACHE_MB).toBe(0);
    expect(parseEnv({ VIEW_CACHE_MB: '256' }).VIEW_CACHE_MB).toBe(256);
  });

  it.each(['-1', 'lots', '1.5', '5000'])('refuses %s with one line naming the variable', (value) => {
    expect(() => parseEnv({ VIEW_CACHE_MB: value })).toThrow(EnvError);
    expect(() => parseEnv({ VIEW_CACHE_MB: value })).toThrow(/^Invalid environment variable VIEW_CACHE_MB: /);
  });
});
