import { Trans } from '@lingui/react/macro';
import { screen, waitFor } from '@testing-library/react';
import type { OwnUser } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { LanguageSwitch } from './language-switch';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

function Page() {
  const { status } = useSession();
  return (
    <>
      <LanguageSwitch />
      <p>
        <Trans>Sign In</Trans>
      </p>
      <p>{status}</p>
    </>
  );
}

describe('LanguageSwitch', () => {
  it('switches the page to Hindi and back, with <html lang>, remembered in this browser', async () => {
    const { user } = renderWithProviders(<Page />);
    const toHindi = screen.getByRole('button', { name: 'हिन्दी' });
    expect(toHindi.getAttribute('lang')).toBe('hi');

    await user.click(toHindi);
    expect(await screen.findByText('लॉग इन')).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Sign In')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('signed in: stores the choice on the account', async () => {
    const account = await live.signUp();
    live.signInPage(account);
    const { user } = renderWithProviders(<Page />);
    await screen.findByText('authenticated');

    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByText('लॉग इन')).toBeTruthy();
    await waitFor(async () => {
      const profile = await live.call<OwnUser>('GET', '/api/auth/profile/', { token: account.access });
      expect(profile.body.language).toBe('hi');
    });
  });

  it("on sign-in the account's language wins over the browser's", async () => {
    const account = await live.signUp({ language: 'hi' });
    localStorage.setItem(LANGUAGE_KEY, 'en');
    live.signInPage(account);
    renderWithProviders(<Page />);
    expect(await screen.findByText('लॉग इन')).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
  });

  it('a switch made while signed out goes to the account on sign-in', async () => {
    const account = await live.signUp();
    const { user } = renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await screen.findByText('लॉग इन');
    live.signInPage(account);
    window.dispatchEvent(new StorageEvent('storage', { key: null })); // as a sign-in in the app does
    expect(await screen.findByText('authenticated')).toBeTruthy();
    await waitFor(async () => {
      const profile = await live.call<OwnUser>('GET', '/api/auth/profile/', { token: account.access });
      expect(profile.body.language).toBe('hi');
    });
    expect(document.documentElement.lang).toBe('hi');
  });
});
