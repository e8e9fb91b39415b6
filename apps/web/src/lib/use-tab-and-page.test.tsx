import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useTabAndPage } from './use-tab-and-page';

function Probe() {
  const { tab, page, openTab, changePage } = useTabAndPage(['received', 'given', 'disputes'] as const);
  return (
    <div>
      <output>{`${tab} ${page}`}</output>
      <button type="button" onClick={() => openTab('disputes')}>
        disputes
      </button>
      <button type="button" onClick={() => openTab('received')}>
        received
      </button>
      <button type="button" onClick={() => changePage(4)}>
        page 4
      </button>
      <button type="button" onClick={() => changePage(1)}>
        page 1
      </button>
    </div>
  );
}

const shown = () => screen.getByRole('status').textContent;
const search = (router: { state: { location: { search: string } } }) => router.state.location.search;

describe('useTabAndPage', () => {
  it('reads the tab and page from the URL, and anything unknown there as the first tab and page 1', () => {
    const { unmount } = renderWithProviders(<Probe />, { path: '/my-ratings?tab=given&page=3' });
    expect(shown()).toBe('given 3');
    unmount();
    renderWithProviders(<Probe />, { path: '/my-ratings?tab=nope&page=-2' });
    expect(shown()).toBe('received 1');
  });

  it('opens another tab at its first page, and pages within the tab, leaving the defaults out', async () => {
    const { user, router } = renderWithProviders(<Probe />, { path: '/my-ratings?tab=given&page=3' });
    await user.click(screen.getByRole('button', { name: 'disputes' }));
    expect(shown()).toBe('disputes 1');
    expect(search(router)).toBe('?tab=disputes');
    await user.click(screen.getByRole('button', { name: 'page 4' }));
    expect(search(router)).toBe('?tab=disputes&page=4');
    await user.click(screen.getByRole('button', { name: 'received' }));
    expect(search(router)).toBe('');
    await user.click(screen.getByRole('button', { name: 'page 4' }));
    expect(search(router)).toBe('?page=4');
    await user.click(screen.getByRole('button', { name: 'page 1' }));
    expect(search(router)).toBe('');
  });
});
