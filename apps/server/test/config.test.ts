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
