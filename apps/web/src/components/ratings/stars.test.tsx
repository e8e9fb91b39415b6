import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage, loadCatalog } from '@/lib/i18n';
import { renderWithI18n } from '@/testing/render';
import { Stars } from './stars';

describe('Stars', () => {
  it('names the value in the active language, or nothing when a visible number says it', async () => {
    const { rerender } = renderWithI18n(<Stars value={4.25} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();

    await act(async () => {
      await activateLanguage('hi');
      await loadCatalog('app', 'hi');
    });
    rerender(<Stars value={4.25} />);
    expect(screen.getByRole('img', { name: 'रेटिंग: 5 में से 4.3' })).toBeTruthy();

    rerender(<Stars value={4.25} label={null} />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
