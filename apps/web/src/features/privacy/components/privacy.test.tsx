// The privacy screens against the real API (DESIGN §8.3): the consent gate, sessions, deleting the
// account and a visitor's grievance.
import { screen, waitFor, within } from '@testing-library/react';
import { GRIEVANCE_CATEGORIES, MSG, PRIVACY_NOTICE_VERSION } from '@workspace/contracts';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DeleteSignedOut } from './delete-signed-out';
import { GrievancePage } from './grievance-page';
import { RequireConsent } from './require-consent';
import { YourDataAndPrivacy } from './your-data';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

describe('the consent gate', () => {
  it('stands before the signed-in screens until the notice in force is accepted, and records it', async () => {
    // Registered through the API without consent, as another client may.
    const account = await live.signUp();
    expect(account.user.consent_required).toBe(true);
    live.signInPage(account);
    const { user, queryClient } = renderWithProviders(
      <Routes>
        <Route element={<RequireConsent />}>
          <Route path="*" element={<p>Signed-in screen</p>} />
        </Route>
      </Routes>,
    );
    expect(await screen.findByRole('heading', { name: 'Before you go on' })).toBeTruthy();
    expect(screen.queryByText('Signed-in screen')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByText('Signed-in screen')).toBeTruthy();
    const profile = await live.call<{ consent_version: string; consent_required: boolean }>(
      'GET',
      '/api/auth/profile/',
      { token: account.access },
    );
    expect(profile.body).toMatchObject({ consent_version: PRIVACY_NOTICE_VERSION, consent_required: false });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it('lets a person who has consented straight through', async () => {
    const account = await live.signUp({ consent_version: PRIVACY_NOTICE_VERSION });
    live.signInPage(account);
    const { queryClient } = renderWithProviders(
      <Routes>
        <Route element={<RequireConsent />}>
          <Route path="*" element={<p>Signed-in screen</p>} />
        </Route>
      </Routes>,
    );
    // Once the profile has arrived, the screen is still there and no gate.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByText('Signed-in screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Before you go on' })).toBeNull();
  });
});

describe('sessions on the account page', () => {
  it('lists every session, marks this one, and ends another', async () => {
    const account = await live.signUp({ consent_version: PRIVACY_NOTICE_VERSION });
    // A second device.
    const other = await live.call<{ access: string }>('POST', '/api/auth/login/', {
      body: { email: account.email, password: account.password },
    });
    live.signInPage(account);
    const { user } = renderWithProviders(<YourDataAndPrivacy user={account.user} />);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('This device')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: /End session/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    // The other device's token is refused at once.
    const refused = await live.call('GET', '/api/auth/profile/', { token: other.body.access });
    expect(refused.status).toBe(401);
  });
});

describe('ending every other session', () => {
  it('is offered beside two other devices, and leaves only this one', async () => {
    const account = await live.signUp({ consent_version: PRIVACY_NOTICE_VERSION });
    const others = await Promise.all(
      [1, 2].map(() =>
        live.call<{ access: string }>('POST', '/api/auth/login/', {
          body: { email: account.email, password: account.password },
        }),
      ),
    );
    live.signInPage(account);
    const { user } = renderWithProviders(<YourDataAndPrivacy user={account.user} />);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('This device')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End all other sessions' })).toBeNull();
    for (const other of others) {
      const refused = await live.call('GET', '/api/auth/profile/', { token: other.body.access });
      expect(refused.status).toBe(401);
    }
    expect((await live.call('GET', '/api/auth/profile/', { token: api.getAccessToken() ?? '' })).status).toBe(
      200,
    );
  });
});

describe('deleting the account', () => {
  it('asks for the password, says when it is wrong, then erases the account and signs out', async () => {
    const account = await live.signUp({ consent_version: PRIVACY_NOTICE_VERSION });
    live.signInPage(account);
    const { user } = renderWithProviders(<DeleteAccountDialog />);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /Keep my ratings, anonymously/ })).toBeTruthy();
    // Deleting them with the account says when they go: anonymous ones not with the account (ADR 0015).
    expect(
      within(dialog).getByRole('radio', {
        name: /Delete my ratings too.*anonymous ones at the start of the next day in India, so that no one can tie/,
      }),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Your password'), 'not-my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(MSG.passwordIncorrect)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), account.password);
    await user.click(within(dialog).getByRole('radio', { name: /Delete my ratings too/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(api.getAccessToken()).toBeNull());
    const login = await live.call('POST', '/api/auth/login/', {
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(401);
  });
});

describe('a visitor files a grievance', () => {
  it('asks for a category in plain words, without naming its codes', async () => {
    localStorage.clear();
    const { user } = renderWithProviders(<GrievancePage />);
    await user.type(screen.getByLabelText('What happened?'), 'A review on my profile names my family.');
    await user.click(screen.getByRole('button', { name: 'Send grievance' }));
    expect(await screen.findByText('Choose what it is about.')).toBeTruthy();
    expect(screen.queryByText(new RegExp(GRIEVANCE_CATEGORIES.join('|')))).toBeNull();
  });

  it("shows the server's reason without an email, then the ticket number and due date", async () => {
    localStorage.clear();
    const { user } = renderWithProviders(<GrievancePage />);
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'PRIVACY');
    await user.type(screen.getByLabelText('What happened?'), 'A review on my profile names my family.');
    await user.click(screen.getByRole('button', { name: 'Send grievance' }));
    expect(await screen.findByText(MSG.grievanceEmailRequired)).toBeTruthy();

    await user.type(screen.getByLabelText('Your email'), 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: 'Send grievance' }));
    expect(await screen.findByText(/^Grievance GRV-\d{4}-\d{6} received$/)).toBeTruthy();
    // The officer named by the server.
    expect(await screen.findByText('grievances@worktrust.example')).toBeTruthy();
  });
});

describe('a suspended person deletes their account without signing in', () => {
  it('checks the email and password as sign-in does, asks to confirm, then erases the account', async () => {
    const account = await live.signUp({ consent_version: PRIVACY_NOTICE_VERSION });
    const moderator = await createModerator(live.ctx);
    const suspended = await live.call('POST', `/api/moderation/users/${account.user.id}/suspend/`, {
      body: { reason: 'Posted the same review from many accounts' },
      token: moderator.access,
    });
    expect(suspended.status).toBe(200);
    localStorage.clear();
    const { user } = renderWithProviders(<DeleteSignedOut />);
    await user.type(screen.getByLabelText('Email'), account.email);
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Delete the account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Press the button again to confirm');
    await user.click(screen.getByRole('button', { name: 'Yes, delete the account' }));
    expect(await screen.findByText(MSG.badCredentials)).toBeTruthy();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), account.password);
    await user.click(screen.getByRole('button', { name: 'Yes, delete the account' }));
    expect(await screen.findByText('The account has been deleted.')).toBeTruthy();
    // The email is free again.
    const again = await live.signUp({ email: account.email });
    expect(again.user.email).toBe(account.email);
  });
});
