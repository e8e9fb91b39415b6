// The validated environment (config/env.ts): the answer cache's size (ADR 0007), which proxies are
// trusted, the per-account sign-in limit.
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
