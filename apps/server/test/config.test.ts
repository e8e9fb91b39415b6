// The validated environment (config/env.ts): the answer cache's size (ADR 0007) and the defaults of the
// development conveniences.
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

// Issue 15: demo accounts (a moderator among them) and reset codes in API answers hand accounts to
// whoever can reach the server, so they default on only where no one else can.
describe('development conveniences', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'LOCALHOST'])(
    'are on by default on the loopback host %s',
    (HOST) => {
      const env = parseEnv({ HOST });
      expect(env.SEED_DEMO).toBe(true);
      expect(env.EXPOSE_RESET_CODE).toBe(true);
    },
  );

  it('are on by default with the default HOST', () => {
    expect(parseEnv({})).toMatchObject({ HOST: '127.0.0.1', SEED_DEMO: true, EXPOSE_RESET_CODE: true });
  });

  it.each(['0.0.0.0', '::', '10.0.0.5', '192.168.1.20', 'fe80::1', 'worktrust.example'])(
    'are off by default on the reachable host %s',
    (HOST) => {
      const env = parseEnv({ HOST });
      expect(env.SEED_DEMO).toBe(false);
      expect(env.EXPOSE_RESET_CODE).toBe(false);
    },
  );

  it('follow an explicit setting on any host', () => {
    expect(parseEnv({ HOST: '0.0.0.0', SEED_DEMO: '1', EXPOSE_RESET_CODE: 'on' })).toMatchObject({
      SEED_DEMO: true,
      EXPOSE_RESET_CODE: true,
    });
    expect(parseEnv({ HOST: '127.0.0.1', SEED_DEMO: '0', EXPOSE_RESET_CODE: 'off' })).toMatchObject({
      SEED_DEMO: false,
      EXPOSE_RESET_CODE: false,
    });
  });

  it('keep reset codes out of answers in production even on loopback', () => {
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).EXPOSE_RESET_CODE).toBe(false);
  });
});
