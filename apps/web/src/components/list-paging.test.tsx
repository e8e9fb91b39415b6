import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithI18n as render } from '@/testing/render';
import { ListPager, pageText, showingText } from './list-paging';

describe('list paging text', () => {
  it("says 'Showing N of total' and which page of how many", () => {
    expect(showingText(20, 143)).toBe('Showing 20 of 143');
    expect(showingText(0, 0)).toBe('Showing 0 of 0');
    expect(pageText(1, 143, 20)).toBe('Page 1 of 8');
    expect(pageText(8, 143, 20)).toBe('Page 8 of 8');
    expect(pageText(2, 20, 10)).toBe('Page 2 of 2');
    expect(pageText(1, 0, 10)).toBe('Page 1 of 1');
  });

  it('disables Previous on the first page and Next without a next page', async () => {
    const pages: number[] = [];
    const { rerender } = render(
      <ListPager
        page={1}
        pageSize={10}
        total={25}
        hasNext
        onPageChange={(p) => pages.push(p)}
        label="Test pages"
      />,
    );
    const previous = () => screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(false);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await userEvent.setup().click(next());
    expect(pages).toEqual([2]);

    rerender(
      <ListPager
        page={3}
        pageSize={10}
        total={25}
        hasNext={false}
        onPageChange={(p) => pages.push(p)}
        label="Test pages"
      />,
    );
    expect(previous().disabled).toBe(false);
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
  });

  it('keeps Previous and Next, both disabled, when everything fits on one page', () => {
    render(
      <ListPager
        page={1}
        pageSize={10}
        total={7}
        hasNext={false}
        onPageChange={() => {}}
        label="Test pages"
      />,
    );
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('shows no pager for an empty first page', () => {
    render(
      <ListPager
        page={1}
        pageSize={10}
        total={0}
        hasNext={false}
        onPageChange={() => {}}
        label="Test pages"
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says a page past the last one is past it, and offers the last page', async () => {
    // A bookmarked or typed page after the list has shrunk: "Page 7 of 1" said something untrue, and
    // Previous led to page 6, as empty.
    expect(pageText(7, 12, 20)).toBe('Page 7 is past the last page, 1');
    const pages: number[] = [];
    render(
      <ListPager
        page={7}
        pageSize={20}
        total={12}
        hasNext={false}
        onPageChange={(p) => pages.push(p)}
        label="Test pages"
      />,
    );
    expect(screen.getByText('Page 7 is past the last page, 1')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to the last page' }));
    expect(pages).toEqual([1]);
  });

  it('offers no last-page jump on a page that has rows', () => {
    render(
      <ListPager page={2} pageSize={10} total={25} hasNext onPageChange={() => {}} label="Test pages" />,
    );
    expect(screen.queryByRole('button', { name: 'Go to the last page' })).toBeNull();
  });
});
