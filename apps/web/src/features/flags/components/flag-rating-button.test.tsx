import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIMITS } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { FlagRatingButton } from './flag-rating-button';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

/** A company's published review, and another employee who may flag it. */
async function reviewToFlag() {
  const [author, company, reader] = [
    await live.signUp(),
    await live.signUp({ user_role: 'employer' }),
    await live.signUp(),
  ];
  const rating = await live.rate(author, company, { feedback_message: 'Fine place to work.' });
  return { company, reader, rating };
}

describe('FlagRatingButton', () => {
  it("asks for a reason and limits the details with the contracts' checks, before sending anything", async () => {
    const { reader, rating } = await reviewToFlag();
    live.signInPage(reader);
    const { user } = renderWithProviders(<FlagRatingButton ratingId={rating.id} authorName="Asha Rao" />);
    await user.click(screen.getByRole('button', { name: 'Flag review by Asha Rao' }));
    const dialog = await screen.findByRole('dialog');

    // Waits while it learns whether the review was already reported; then it may be sent.
    const send = screen.getByRole('button', { name: 'Flag Review' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    await user.click(send);
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
    const { reader, rating } = await reviewToFlag();
    live.signInPage(reader);
    const { user } = renderWithProviders(<FlagRatingButton ratingId={rating.id} authorName="Asha Rao" />);
    await user.click(screen.getByRole('button', { name: 'Flag review by Asha Rao' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Spam or advertising'));
    const send = within(dialog).getByRole('button', { name: 'Flag Review' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    await user.click(send);
    expect(await screen.findByText('Reported')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Flag review by Asha Rao' })).toBeNull();
  });

  it('says on opening, after a reload, that it was already reported, with no form to be refused', async () => {
    const { reader, rating } = await reviewToFlag();
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

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const done = await screen.findByText('Reported');
    expect(screen.queryByRole('button', { name: 'Flag review by Asha Rao' })).toBeNull();
    // The trigger the keyboard was on is gone: its place is kept on what replaced it.
    await waitFor(() => expect(document.activeElement).toBe(done.closest('[tabindex="-1"]')));
  });

  it('says a report the moderators already decided on was decided, and a rating held back meanwhile cannot be flagged', async () => {
    const { company, reader, rating } = await reviewToFlag();
    const sent = await live.call<{ id: number; created_at: string }>(
      'POST',
      `/api/core/ratings/${rating.id}/flag/`,
      {
        token: reader.access,
        body: { reason: 'SPAM' },
      },
    );
    const moderator = await createModerator(live.ctx);
    const dismissed = await live.call('POST', `/api/moderation/flags/${sent.body.id}/dismiss/`, {
      token: moderator.access,
      body: { reason: 'An honest review.' },
    });
    expect(dismissed.status).toBe(200);
    live.signInPage(reader);
    const { user } = renderWithProviders(<FlagRatingButton ratingId={rating.id} authorName="Asha Rao" />);
    await user.click(screen.getByRole('button', { name: 'Flag review by Asha Rao' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        `You reported this review on ${formatDate(sent.body.created_at)}, and the moderators have already decided on it.`,
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    // An employee disputes a company's rating of them, held back meanwhile: the dialog says so on opening.
    const employee = await live.signUp();
    const held = await live.rate(company, employee, { feedback_message: 'Never on time.' });
    const disputed = await live.call('POST', `/api/core/ratings/${held.id}/dispute/`, {
      token: employee.access,
      body: { reason: 'NO_WORKING_RELATIONSHIP', details: 'I never worked for this company at any time.' },
    });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(201);
    renderWithProviders(<FlagRatingButton ratingId={held.id} authorName="Ravi Kumar" />);
    await user.click(screen.getByRole('button', { name: 'Flag review by Ravi Kumar' }));
    const refused = await screen.findByRole('dialog');
    expect(await within(refused).findByText('Rating not found')).toBeTruthy();
    expect(within(refused).queryByRole('button', { name: 'Flag Review' })).toBeNull();
  });
});
