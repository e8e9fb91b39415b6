// Verified employment on the account page against the real API (DESIGN §8.2, §9.1): a company proves
// its sign-in address with the mailed code, then declares its domain (and is told why another is refused); an employee verifies with the code the server mailed
// (read from its development outbox), sees a wrong code refused, and removes the verification.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG, type OwnUser, WORK_EMAIL_CODE_LENGTH } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { describedBy } from '@/testing/described-by';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { EmailDomainCard } from './email-domain-card';
import { WorkEmailCard } from './work-email-card';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

/** The code of the newest outbox mail to `address`, once the mail queue has written it (ADR 0024). */
async function mailedCode(address: string): Promise<string> {
  await live.ctx.deps.mailer.idle();
  const dir = join(live.ctx.deps.env.DATA_DIR, 'outbox');
  const mails = readdirSync(dir)
    .sort()
    .reverse()
    .map((file) => readFileSync(join(dir, file), 'utf8'));
  const mail = mails.find((text) => text.startsWith(`To: ${address}\n`)) ?? '';
  const code = new RegExp(`Your code is (\\d{${WORK_EMAIL_CODE_LENGTH}})\\.`).exec(mail)?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

/** The card as the account page shows it: the signed-in user from the session, kept mounted. */
function CardOfTheSignedInCompany() {
  const { user } = useSession();
  return user ? <EmailDomainCard user={user} /> : null;
}

describe('verified employment', () => {
  it('a company that confirms its sign-in email is told so, with its own domain ready to save', async () => {
    const domain = `neem-${Date.now().toString(36)}.in`;
    const company = await live.signUp({ user_role: 'employer', email: `hr@${domain}` });
    live.signInPage(company);
    const { user } = renderWithProviders(<CardOfTheSignedInCompany />);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Code from the email'), await mailedCode(company.email));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const field = (await screen.findByLabelText('Email domain')) as HTMLInputElement;
    expect(field.value).toBe(domain);
    expect(screen.getByText(/^Your sign-in email .* is confirmed\.$/).textContent).toBe(
      `Your sign-in email ${company.email} is confirmed.`,
    );
  });

  it('a company declares its own domain; an employee verifies with the mailed code', async () => {
    const domain = `lotus-${Date.now().toString(36)}.in`;
    const company = await live.signUp({
      user_role: 'employer',
      full_name: 'Lotus Software',
      email: `hr@${domain}`,
    });
    live.signInPage(company);
    // First the company proves its sign-in address (DESIGN §9.1): no domain field until then.
    const unproven = await live.call<OwnUser>('GET', '/api/auth/profile/', { token: company.access });
    expect(unproven.body.email_verified).toBe(false);
    const proving = renderWithProviders(<EmailDomainCard user={unproven.body} />);
    expect(proving.queryByLabelText('Email domain')).toBeNull();
    await proving.user.click(await proving.findByRole('button', { name: 'Send code' }));
    const ownCode = await proving.findByLabelText('Code from the email');
    await proving.user.type(ownCode, await mailedCode(company.email));
    await proving.user.click(proving.getByRole('button', { name: 'Confirm' }));
    await waitFor(async () => {
      const after = await live.call<OwnUser>('GET', '/api/auth/profile/', { token: company.access });
      expect(after.body.email_verified).toBe(true);
    });
    proving.unmount();

    const profile = await live.call<OwnUser>('GET', '/api/auth/profile/', { token: company.access });
    const first = renderWithProviders(<EmailDomainCard user={profile.body} />);
    const field = await first.findByLabelText('Email domain');
    expect((field as HTMLInputElement).value).toBe(domain);
    await first.user.clear(field);
    await first.user.type(field, 'gmail.com');
    await first.user.click(first.getByRole('button', { name: 'Save domain' }));
    expect(await first.findByText(MSG.emailDomainFreeMail)).toBeTruthy();
    await first.user.clear(field);
    await first.user.type(field, domain);
    await first.user.click(first.getByRole('button', { name: 'Save domain' }));
    await waitFor(async () => {
      const after = await live.call<OwnUser>('GET', '/api/auth/profile/', { token: company.access });
      expect(after.body.email_domain).toBe(domain);
    });
    first.unmount();

    const person = await live.signUp({ user_role: 'employee' });
    live.signInPage(person);
    const { user, queryClient } = renderWithProviders(<WorkEmailCard />);
    const address = `asha@${domain}`;
    // Before asking: the company's mail server carries the code, so the company can see the asking.
    expect(describedBy(await screen.findByLabelText('Work email'))).toContain(
      "The code's mail passes through the company's mail server, so the company can see that you asked for one",
    );
    await user.type(await screen.findByLabelText('Work email'), address);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText(`We sent a code to ${address} for Lotus Software. It works for 15 minutes.`),
    ).toBeTruthy();

    const code = await mailedCode(address);
    const wrong = (code === '0'.repeat(WORK_EMAIL_CODE_LENGTH) ? '1' : '0').repeat(WORK_EMAIL_CODE_LENGTH);
    const codeField = screen.getByLabelText('Code from the email');
    await user.type(codeField, wrong);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.workEmailCodeInvalid)).toBeTruthy();
    await user.clear(codeField);
    await user.type(codeField, code);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const list = await screen.findByRole('list', { name: 'Your verifications' });
    expect(list.textContent).toContain('Lotus Software');
    expect(list.textContent).toContain(`@${domain}`);

    await user.click(
      within(list).getByRole('button', { name: 'Remove your verification at Lotus Software' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Your verifications' })).toBeNull());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  // A phone's browser may drop the tab while its owner reads the mail; a reload must not lose the code.
  it('a company finds the code it was sent still asked for after a reload, and confirms with it', async () => {
    const domain = `peepal-${Date.now().toString(36)}.in`;
    const company = await live.signUp({ user_role: 'employer', email: `hr@${domain}` });
    live.signInPage(company);
    const before = renderWithProviders(<CardOfTheSignedInCompany />);
    await before.user.click(await before.findByRole('button', { name: 'Send code' }));
    await before.findByLabelText('Code from the email');
    before.unmount();

    const { user } = renderWithProviders(<CardOfTheSignedInCompany />);
    expect(
      await screen.findByText(`We sent a code to ${company.email}. Enter it here, or ask for a new one.`),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the email'), await mailedCode(company.email));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByLabelText('Email domain')).toBeTruthy();
    expect(Object.keys(sessionStorage).filter((key) => key.includes('pending-code'))).toEqual([]);
  });

  it("an employee's pending work-email code survives a reload without keeping the address, and is theirs alone", async () => {
    const domain = `banyan-${Date.now().toString(36)}.in`;
    const company = await live.signUp({
      user_role: 'employer',
      full_name: 'Banyan Labs',
      email: `hr@${domain}`,
    });
    await live.call('POST', '/api/auth/email/verify/', { token: company.access, body: {} });
    await live.call('POST', '/api/auth/email/verify/confirm/', {
      token: company.access,
      body: { code: await mailedCode(company.email) },
    });
    const declared = await live.call<OwnUser>('PATCH', '/api/auth/profile/', {
      token: company.access,
      body: { email_domain: domain },
    });
    expect(declared.status).toBe(200);

    const person = await live.signUp({ user_role: 'employee' });
    live.signInPage(person);
    const before = renderWithProviders(<WorkEmailCard />);
    const address = `ravi@${domain}`;
    await before.user.type(await before.findByLabelText('Work email'), address);
    await before.user.click(before.getByRole('button', { name: 'Send code' }));
    await before.findByText(`We sent a code to ${address} for Banyan Labs. It works for 15 minutes.`);
    // Unmounted once its requests are answered: one cut short is printed as "socket hang up".
    await waitFor(() => expect(before.queryClient.isFetching()).toBe(0));
    before.unmount();
    const kept = Object.values(sessionStorage).join(' ');
    expect(kept).toContain('Banyan Labs');
    expect(kept).not.toContain(address);

    // Another account signed in in the same tab is not asked for it.
    const other = await live.signUp({ user_role: 'employee' });
    live.signInPage(other);
    const stranger = renderWithProviders(<WorkEmailCard />);
    expect(await stranger.findByLabelText('Work email')).toBeTruthy();
    expect(stranger.queryByLabelText('Code from the email')).toBeNull();
    await waitFor(() => expect(stranger.queryClient.isFetching()).toBe(0));
    stranger.unmount();

    live.signInPage(person);
    const { user } = renderWithProviders(<WorkEmailCard />);
    expect(
      await screen.findByText(
        'We sent a code to your work address for Banyan Labs. Enter it here, or use another address.',
      ),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the email'), await mailedCode(address));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Your verifications' });
    expect(list.textContent).toContain('Banyan Labs');
    expect(screen.queryByLabelText('Code from the email')).toBeNull();
  });
});
