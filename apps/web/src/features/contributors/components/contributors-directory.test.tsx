import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLanguage, loadCatalog } from '@/lib/i18n';
import { renderWithI18n } from '@/testing/render';
import { CONTRIBUTORS } from '../content/contributors';
import { ContributorImage } from './contributor-image';
import { ContributorsDirectory } from './contributors-directory';

const names = () =>
  within(screen.getByRole('region', { name: 'Meet the team' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('ContributorsDirectory', () => {
  it('has 15 fixed entries, each with name, designation, image, bio and skills', () => {
    expect(CONTRIBUTORS).toHaveLength(15);
    for (const c of CONTRIBUTORS) {
      expect(c.name && c.designation && c.image && c.bio).toBeTruthy();
      expect(c.skills.length).toBeGreaterThan(0);
    }
  });

  it('pages 5 at a time with the page text and disabled ends', async () => {
    const user = userEvent.setup();
    renderWithI18n(<ContributorsDirectory contributors={CONTRIBUTORS} />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });

    expect(screen.getByText('Page 1 of 3, Showing 5 of 15 contributors')).toBeTruthy();
    expect(names()).toEqual(CONTRIBUTORS.slice(0, 5).map((c) => c.name));
    expect(previous.hasAttribute('disabled')).toBe(true);
    expect(next.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    await user.click(next);
    expect(screen.getByText('Page 2 of 3, Showing 5 of 15 contributors')).toBeTruthy();
    expect(names()).toEqual(CONTRIBUTORS.slice(5, 10).map((c) => c.name));
    expect(previous.hasAttribute('disabled')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Page 3 of 3, Showing 5 of 15 contributors')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);
    expect(names()).toEqual(CONTRIBUTORS.slice(10).map((c) => c.name));

    await user.click(previous);
    expect(screen.getByText('Page 2 of 3, Showing 5 of 15 contributors')).toBeTruthy();
  });

  it('scrolls smoothly to the top of the grid on a page change, and jumps with reduced motion', () => {
    const calls: { target: Element; options: unknown }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      calls.push({ target: this, options });
    };
    try {
      renderWithI18n(<ContributorsDirectory contributors={CONTRIBUTORS} />);
      expect(calls).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      expect(calls).toEqual([
        {
          target: screen.getByRole('region', { name: 'Meet the team' }),
          options: { behavior: 'smooth', block: 'start' },
        },
      ]);

      const matchMedia = window.matchMedia;
      window.matchMedia = ((query: string) => ({ matches: query.includes('reduce') })) as typeof matchMedia;
      try {
        fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
      } finally {
        window.matchMedia = matchMedia;
      }
      expect(calls[1]?.options).toEqual({ behavior: 'auto', block: 'start' });
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('counts what the last page really shows', () => {
    renderWithI18n(<ContributorsDirectory contributors={CONTRIBUTORS.slice(0, 7)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByText('Page 2 of 2, Showing 2 of 7 contributors')).toBeTruthy();
  });

  it('shows designations, bios and skills in Hindi, and names as written', async () => {
    await act(async () => {
      await activateLanguage('hi', { remember: false });
      await loadCatalog('app', 'hi');
    });
    try {
      renderWithI18n(<ContributorsDirectory contributors={CONTRIBUTORS.slice(0, 2)} />);
      const card = screen.getByRole('heading', { level: 3, name: 'Priya Iyer' }).closest('li') as HTMLElement;
      expect(within(card).getByText('मुख्य तकनीकी अधिकारी')).toBeTruthy();
      expect(within(card).getByText(/^तेज़ और निजी सिस्टम बनाती हैं/)).toBeTruthy();
      const skills = within(card).getByRole('list', { name: 'Priya Iyer के कौशल' });
      expect(
        within(skills)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['TypeScript', 'PostgreSQL', 'आर्किटेक्चर', 'सुरक्षा']);
      expect(screen.queryByText('Chief Technology Officer')).toBeNull();
    } finally {
      await act(() => activateLanguage('en', { remember: false }));
    }
  });
});

describe('ContributorImage', () => {
  it('falls back to an icon when the image is broken', () => {
    renderWithI18n(<ContributorImage src="/missing.png" name="Priya Iyer" />);
    const img = screen.getByRole('img', { name: 'Priya Iyer' });
    expect(img.tagName).toBe('IMG');
    fireEvent.error(img);
    const fallback = screen.getByRole('img', { name: 'Priya Iyer' });
    expect(fallback.tagName).toBe('DIV');
    expect(screen.getByTestId('contributor-fallback-icon')).toBeTruthy();
  });
});
