// Shared Playwright fixtures: users are created through the API (not clicks) and signed in by
// putting their tokens into localStorage, as the app itself stores them. Reuse these in every spec.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import {
  type LoginResponse,
  type OwnUser,
  PRIVACY_NOTICE_VERSION,
  type RegisterRequest,
  type WorkEntry,
} from '@workspace/contracts';
import { E2E_MODERATOR } from './constants';

export { expect };
export const ACCESS_KEY = 'worktrust.access';
export const REFRESH_KEY = 'worktrust.refresh';
export const DEFAULT_PASSWORD = 'e2e-Password-2024';

export interface TestUser {
  email: string;
  password: string;
  user: OwnUser;
}

export interface UserOptions {
  role?: 'employee' | 'employer';
  full_name?: string;
  city?: string;
  password?: string;
  skills?: string[];
  work_history?: WorkEntry[];
  linkedin_url?: string;
  /** A given address (its domain matters for verified employment); unique by default. */
  email?: string;
}

let sequence = 0;
/** An address no other test (or earlier run on the same database) has used. */
export function uniqueEmail(prefix: string) {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}@e2e.test`;
}

export async function createUser(request: APIRequestContext, options: UserOptions = {}): Promise<TestUser> {
  const role = options.role ?? 'employee';
  const password = options.password ?? DEFAULT_PASSWORD;
  const email = options.email ?? uniqueEmail(role);
  const body: RegisterRequest = {
    email,
    full_name: options.full_name ?? (role === 'employee' ? 'Asha Verma' : 'Lotus Software Pvt Ltd'),
    password,
    password_confirm: password,
    user_role: role,
    city: options.city ?? 'Pune',
    // As the web app's registration form sends it: these people accepted the notice in force.
    consent_version: PRIVACY_NOTICE_VERSION,
    ...(options.linkedin_url && { linkedin_url: options.linkedin_url }),
    ...(role === 'employee' && { skills: options.skills ?? [], work_history: options.work_history ?? [] }),
  };
  const response = await request.post('/api/auth/register/', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: OwnUser };
  return { email, password, user };
}

export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login/', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as LoginResponse;
  // Accounts made by the server (the moderator) have not consented yet; the consent gate is tested
  // on its own (privacy.spec.ts), other journeys start past it.
  if (answer.user.consent_required) {
    const consent = await request.post('/api/auth/consent/', {
      data: { version: PRIVACY_NOTICE_VERSION },
      headers: { authorization: `Bearer ${answer.access}` },
    });
    expect(consent.status(), await consent.text()).toBe(200);
    answer.user = { ...answer.user, consent_version: PRIVACY_NOTICE_VERSION, consent_required: false };
  }
  return answer;
}

/**
 * Signs `page` in as the given account: the tokens are written to localStorage before the app's
 * first script runs on the next navigation (once per tab, so a later sign-out sticks).
 */
async function signIn(page: Page, account: { email: string; password: string }) {
  const tokens = await apiLogin(page.request, account.email, account.password);
  await page.addInitScript(
    ({ access, refresh, accessKey, refreshKey }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem(refreshKey, refresh);
      localStorage.setItem(accessKey, access);
    },
    { access: tokens.access, refresh: tokens.refresh, accessKey: ACCESS_KEY, refreshKey: REFRESH_KEY },
  );
  return tokens;
}

/** Runs axe on the page as it is now; any serious or critical violation fails the test. */
async function expectNoSeriousA11yViolations(page: Page, label = page.url()) {
  // What a person sees once it settles: a list fading in after a search (directory.tsx's
  // transition-opacity) would otherwise read as faint text to axe's contrast check, now and then.
  // Endless ones (a spinner) are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

export const moderatorAccount = E2E_MODERATOR;

interface Fixtures {
  /** Creates a user through the API. */
  makeUser: (options?: UserOptions) => Promise<TestUser>;
  /** Signs the page in as the account (tokens in localStorage). */
  signInAs: (account: { email: string; password: string }) => Promise<LoginResponse>;
  /** axe on the current page: no serious or critical violations. */
  checkA11y: (label?: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  makeUser: async ({ request }, use) => {
    await use((options) => createUser(request, options));
  },
  signInAs: async ({ page }, use) => {
    await use((account) => signIn(page, account));
  },
  checkA11y: async ({ page }, use) => {
    await use((label) => expectNoSeriousA11yViolations(page, label));
  },
});
