import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/testing/render';
import { QueryState } from './query-state';

describe('QueryState', () => {
  it('while pending: the placeholders, busy, with a Loading status for screen readers', () => {
    const { container } = renderWithI18n(
      <QueryState
        query={{ isPending: true, refetch: () => {} }}
        failure="The list could not be loaded just now."
        placeholder={<span data-testid="placeholder" />}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.getByTestId('placeholder')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('after a failed load: the message, no alert, and Try again loads again', async () => {
    const refetch = vi.fn();
    renderWithI18n(
      <QueryState
        query={{ isPending: false, refetch }}
        failure="The list could not be loaded just now."
        placeholder={<span data-testid="placeholder" />}
      />,
    );
    expect(screen.getByText('The list could not be loaded just now.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('placeholder')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
