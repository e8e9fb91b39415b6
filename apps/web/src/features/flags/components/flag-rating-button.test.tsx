import { fireEvent, screen } from '@testing-library/react';
import { LIMITS } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { FlagRatingButton } from './flag-rating-button';

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
});
