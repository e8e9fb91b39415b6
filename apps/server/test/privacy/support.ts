// Accounts made through the real API (register, sign in with a User-Agent), and the outbox.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoginResponse, RegisterRequest } from '@workspace/contracts';
import { expect } from 'vitest';
import { call, type TestContext } from '../helpers.ts';

export const PASSWORD = 'Monsoon-Filter-Coffee-7';
export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
export const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let sequence = 0;

export interface Account {
  id: number;
  email: string;
  name: string;
  access: string;
  refresh: string;
}

export async function register(
  ctx: TestContext,
  role: 'employee' | 'employer',
  extra: Partial<RegisterRequest> = {},
): Promise<{ id: number; email: string; name: string }> {
  sequence += 1;
  const email = extra.email ?? `privacy.${role}.${sequence}.${process.pid}@example.in`;
  const name = `${role === 'employee' ? 'Asha' : 'Tata Works'} ${sequence}`;
  const res = await call<{ user: { id: number } }>(ctx.app, 'POST', '/api/auth/register/', {
    body: {
      email,
      full_name: name,
      password: PASSWORD,
      password_confirm: PASSWORD,
      user_role: role,
      city: 'Pune',
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return { id: res.body.user.id, email, name };
}

export async function signIn(ctx: TestContext, email: string, userAgent = ANDROID_CHROME) {
  const res = await call<LoginResponse>(ctx.app, 'POST', '/api/auth/login/', {
    body: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.status).toBe(200);
  return res.body;
}

export async function account(ctx: TestContext, role: 'employee' | 'employer'): Promise<Account> {
  const user = await register(ctx, role);
  const { access, refresh } = await signIn(ctx, user.email);
  return { ...user, access, refresh };
}

/** The messages in DATA_DIR/outbox sent to `to`, oldest first, after every queued one is written. */
export async function outboxFor(ctx: TestContext, to: string): Promise<string[]> {
  await ctx.deps.notificationMail.idle();
  const dir = join(ctx.deps.env.DATA_DIR, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(join(dir, f), 'utf8')).filter((m) => m.startsWith(`To: ${to}\n`));
}
