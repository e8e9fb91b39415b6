import { fireEvent, screen, within } from '@testing-library/react';
import { LIMITS } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { FlagRatingButton } from './flag-rating-button';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

describe('FlagRatingButton', () => {
  it("asks for a reason and limits the details with the contracts' checks, before sending anything", async () => {
    const { user } = renderWithProviders(<FlagRatingButton ratingId={7} authorName="Asha Rao" />);
    await user.click(screen.getByRole('button', { name: 'Flag review by Asha Rao' }));
    const dialog = await screen.findByRole('dialog');

    await user.click(screen.getByRole('button', { name: 'Flag Review' }));
    expect(await screen.findByText('Please choose a reason')).toBeTruthy();

    const details = screen.getByLabelText('Details (optional)');
    fireEvent.change(details, { target: { value: 'x'.repeat(LIMITS.flagDetailsMax + 1) } });
    expect(
      await screen.findByText(`Details must be at most ${LIMITS.flagDetailsMax} characters`),
    ).toBeTruthy();
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.isConnected).toBe(true);
  });

  it('gives way to "Reported" once the flag is sent, so nobody fills the form to be refused', async () => {
    const [author, company, reader] = [
      await live.signUp(),
      await live.signUp({ user_role: 'employer' }),
      await live.signUp(),
    ];
    const rating = await live.rate(author, company, { feedback_message: 'Fine place to work.' });
    live.signInPage(reader);
    const { user } = renderWithProviders(<FlagRatingButton ratingId={rating.id} authorName="Asha Rao" />);
    await user.click(screen.getByRole('button', { name: 'Flag review by Asha Rao' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Spam or advertising'));
    await user.click(within(dialog).getByRole('button', { name: 'Flag Review' }));
    expect(await screen.findByText('Reported')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Flag review by Asha Rao' })).toBeNull();
  });

  it('says on opening, after a reload, that it was already reported, with no form to be refused', async () => {
    const [author, company, reader] = [
      await live.signUp(),
      await live.signUp({ user_role: 'employer' }),
      await live.signUp(),
    ];
    const rating = await live.rate(author, company, { feedback_message: 'Fine place to work.' });
    const sent = await live.call<{ created_at: string }>('POST', `/api/core/ratings/${rating.id}/flag/`, {
      token: reader.access,
      body: { reason: 'SPAM' },
    });
    expect(sent.status).toBe(201);
    // A fresh page: nothing of the flag is in memory, and the button offers to flag.
    live.signInPage(reader);
    const { user } = renderWithProviders(<FlagRatingButton ratingId={rating.id} authorName="Asha Rao" />);
    await user.click(screen.getByRole('button', { name: 'Flag review by Asha Rao' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        `You reported this review on ${formatDate(sent.body.created_at)}. You will be told what the moderators decide, in your notifications.`,
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Flag Review' })).toBeNull();
    expect(within(dialog).queryByLabelText('Spam or advertising')).toBeNull();

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(await screen.findByText('Reported')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Flag review by Asha Rao' })).toBeNull();
  });
});
