// The validated environment (config/env.ts): the answer cache's size (ADR 0007), which proxies are
// trusted, the per-account sign-in limit, the embedded database's vacuum interval, mail, and the defaults of the development conveniences.
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, publicFacing } from '../src/config/env.ts';

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

describe('EMBEDDED_VACUUM_INTERVAL', () => {
  it("defaults to autovacuum's minute and takes a duration of at least a second", () => {
    expect(parseEnv({}).EMBEDDED_VACUUM_INTERVAL).toBe(60);
    expect(parseEnv({ EMBEDDED_VACUUM_INTERVAL: '5m' }).EMBEDDED_VACUUM_INTERVAL).toBe(300);
  });

  it.each(['0', 'often', '-5s'])('refuses %s with one line naming the variable', (value) => {
    expect(() => parseEnv({ EMBEDDED_VACUUM_INTERVAL: value })).toThrow(
      /^Invalid environment variable EMBEDDED_VACUUM_INTERVAL: /,
    );
  });
});

describe('DATABASE_REPLICA_URLS, REPLICA_STICKY_S and REPLICA_MAX_LAG_S', () => {
  const primary = 'postgres://app@db-1:5432/worktrust';
  it('take comma-separated replicas of a PostgreSQL primary, with defaults of 5 s and 10 s', () => {
    const env = parseEnv({});
    expect([env.DATABASE_REPLICA_URLS, env.REPLICA_STICKY_S, env.REPLICA_MAX_LAG_S]).toEqual([[], 5, 10]);
    const replicas = parseEnv({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: ' postgres://app@db-2/worktrust, postgresql://app@db-3/worktrust ,',
      REPLICA_STICKY_S: '3s',
      REPLICA_MAX_LAG_S: '1m',
    });
    expect(replicas.DATABASE_REPLICA_URLS).toEqual([
      'postgres://app@db-2/worktrust',
      'postgresql://app@db-3/worktrust',
    ]);
    expect([replicas.REPLICA_STICKY_S, replicas.REPLICA_MAX_LAG_S]).toEqual([3, 60]);
  });

  it.each([
    [
      { DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'mysql://db-2/x' },
      'DATABASE_REPLICA_URLS: must be comma-separated URLs',
    ],
    [{ DATABASE_REPLICA_URLS: 'postgres://db-2/x' }, 'DATABASE_REPLICA_URLS: needs DATABASE_URL'],
    [{ REPLICA_MAX_LAG_S: '0' }, 'REPLICA_MAX_LAG_S: must be at least 1s'],
    [{ REPLICA_STICKY_S: 'soon' }, 'REPLICA_STICKY_S: must be a duration'],
  ])('refuses %j with one line naming the variable', (values, message) => {
    expect(() => parseEnv(values)).toThrow(`Invalid environment variable ${message}`);
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  it('takes smtp:// and smtps:// URLs, and a sender with or without a name', () => {
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example.in:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example.in:465',
    );
    expect(parseEnv({}).MAIL_FROM).toBe('WorkTrust <no-reply@localhost>');
    expect(parseEnv({ MAIL_FROM: 'no-reply@worktrust.in' }).MAIL_FROM).toBe('no-reply@worktrust.in');
    expect(parseEnv({ MAIL_FROM: 'WorkTrust India <hello@worktrust.in>' }).MAIL_FROM).toBe(
      'WorkTrust India <hello@worktrust.in>',
    );
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.in'],
    ['MAIL_FROM', 'WorkTrust'],
    ['MAIL_FROM', 'a@b <c@d>'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
  });
});

describe('TRUST_PROXY', () => {
  // Trusting any sender let a client that reaches the port directly pick its own address (issue 15 §3).
  it('trusts no proxy unless told, in production too', () => {
    const secret = 'x'.repeat(32);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: secret }).TRUST_PROXY).toBe(false);
  });

  it('takes true, false, or proxy addresses and CIDRs', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'nginx' })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
  });
});

describe('LOGIN_ACCOUNT_LIMIT', () => {
  it('defaults to 20 and takes a positive whole number', () => {
    expect(parseEnv({}).LOGIN_ACCOUNT_LIMIT).toBe(20);
    expect(parseEnv({ LOGIN_ACCOUNT_LIMIT: '5' }).LOGIN_ACCOUNT_LIMIT).toBe(5);
    expect(() => parseEnv({ LOGIN_ACCOUNT_LIMIT: '0' })).toThrow(
      /^Invalid environment variable LOGIN_ACCOUNT_LIMIT: /,
    );
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

  it('are off in production and behind a proxy even on loopback, unless set (issue 42)', () => {
    // nginx on the same host reaches a loopback HOST for the whole world.
    for (const extra of [
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) },
      { TRUST_PROXY: '127.0.0.1' },
      { TRUST_PROXY: 'true' },
    ]) {
      const env = parseEnv({ HOST: '127.0.0.1', ...extra });
      expect(env.SEED_DEMO).toBe(false);
      expect(env.EXPOSE_RESET_CODE).toBe(false);
      expect(publicFacing(env)).toBe(true);
    }
    expect(parseEnv({ HOST: '127.0.0.1', TRUST_PROXY: 'false' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1', SEED_DEMO: 'on' }).SEED_DEMO).toBe(true);
  });
});

describe('GRIEVANCE_OFFICER_NAME and GRIEVANCE_OFFICER_EMAIL', () => {
  it('take a name and an address, with defaults', () => {
    const env = parseEnv({
      GRIEVANCE_OFFICER_NAME: 'Priya Raman',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@worktrust.in',
    });
    expect(env.GRIEVANCE_OFFICER_NAME).toBe('Priya Raman');
    expect(env.GRIEVANCE_OFFICER_EMAIL).toBe('grievance@worktrust.in');
    expect(parseEnv({}).GRIEVANCE_OFFICER_NAME).toBe('Grievance Officer');
  });

  it.each([
    ['GRIEVANCE_OFFICER_EMAIL', 'not an address'],
    ['GRIEVANCE_OFFICER_NAME', 'P'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
  });
});

describe('REFRESH_REUSE_GRACE', () => {
  it('defaults to 30 seconds, takes a duration, and 0 turns it off', () => {
    expect(parseEnv({}).REFRESH_REUSE_GRACE).toBe(30);
    expect(parseEnv({ REFRESH_REUSE_GRACE: '2m' }).REFRESH_REUSE_GRACE).toBe(120);
    expect(parseEnv({ REFRESH_REUSE_GRACE: '0' }).REFRESH_REUSE_GRACE).toBe(0);
    expect(() => parseEnv({ REFRESH_REUSE_GRACE: 'soon' })).toThrow(
      /^Invalid environment variable REFRESH_REUSE_GRACE: /,
    );
  });
});
