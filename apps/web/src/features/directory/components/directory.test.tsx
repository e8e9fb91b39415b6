// The companies list against the real API: paging text, Previous/Next, filters in the URL.
import { screen, waitFor, within } from '@testing-library/react';
import { LIMITS, SEARCH_RESULT_CAP } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { WALK_LIMIT } from '../../../../../server/src/modules/directory/search/shape.ts';
import { Directory } from './directory';

let live: LiveApi;
let employee: Awaited<ReturnType<LiveApi['signUp']>>;
const COMPANIES = 23;

beforeAll(async () => {
  live = await startLiveApi();
  employee = await live.signUp({ user_role: 'employee', full_name: 'List Reader' });
  for (let i = 0; i < COMPANIES; i += 1) {
    await live.signUp({
      user_role: 'employer',
      full_name: `Company ${String(i + 1).padStart(2, '0')}`,
      city: i < 2 ? 'Surat' : 'Indore',
    });
  }
});

afterAll(() => live?.close());

function renderList(path = '/companies') {
  live.signInPage(employee);
  return renderWithProviders(<Directory kind="companies" />, { path });
}

describe('the companies list', () => {
  it('pages 20 at a time with Previous/Next and says how many it shows', async () => {
    const { user, router } = renderList();
    expect(await screen.findByText(`Showing 20 of ${COMPANIES}`)).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Companies' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(`Showing 3 of ${COMPANIES}`)).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows a company nobody has rated as not rated yet, not as 0.0 with empty stars', async () => {
    renderList();
    await screen.findByText(`Showing 20 of ${COMPANIES}`);
    const list = screen.getByRole('list', { name: 'Companies' });
    expect(within(list).getAllByText('Not rated yet')).toHaveLength(20);
    expect(within(list).queryByText('0.0')).toBeNull();
  });

  it('applies filters on Search, keeps them in the URL, and Clear Filters resets them', async () => {
    const { user, router } = renderList();
    await screen.findByText(`Showing 20 of ${COMPANIES}`);
    await user.type(screen.getByLabelText('City'), 'surat');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 2 of 2')).toBeTruthy();
    expect(router.state.location.search).toBe('?city=surat');
    expect(screen.queryByText(/begins with your search/)).toBeNull();
    // Everything on one page: Previous and Next stay, both disabled.
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText(`Showing 20 of ${COMPANIES}`)).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('');
  });

  it('takes no longer a search or city than the server accepts, so a long paste still lists', async () => {
    const { user, router } = renderList();
    await screen.findByText(`Showing 20 of ${COMPANIES}`);
    const search = screen.getByLabelText('Search') as HTMLInputElement;
    search.focus();
    // Cut at the limit between two words: every word of it matches Company 10 to 19.
    await user.paste('1 company '.repeat(20));
    expect(search.value).toHaveLength(LIMITS.searchMax);
    // While the search's list loads, the list before it stays, dimmed, and without the search's hint.
    const seen = { busy: false, hintOverOld: false };
    const watch = new MutationObserver(() => {
      const busy = screen.queryByRole('list', { name: 'Companies' })?.getAttribute('aria-busy') === 'true';
      seen.busy ||= busy;
      seen.hintOverOld ||= busy && screen.queryByText(/begins with your search/) !== null;
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toContain('search=1+company'));
    // The search's own count, not the list before it (which a looser match would catch).
    expect(await screen.findByText('Showing 10 of 10', {}, { timeout: 15_000 })).toBeTruthy();
    watch.disconnect();
    expect(seen).toEqual({ busy: true, hintOverOld: false });
    expect(screen.getByText('Results with a word that begins with your search come first.')).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/i)).toBeNull();

    const city = screen.getByLabelText('City') as HTMLInputElement;
    city.focus();
    await user.paste('x'.repeat(LIMITS.cityMax + 10));
    expect(city.value).toHaveLength(LIMITS.cityMax);
  });

  it('says, beside a search\'s count, that word beginnings come first ("Top rated" looks out of order)', async () => {
    renderList('/companies?search=company');
    expect(await screen.findByText(`Showing 20 of ${COMPANIES}`)).toBeTruthy();
    expect(screen.getByText('Results with a word that begins with your search come first.')).toBeTruthy();
  });

  it('says how "Top rated" and "Highest rating" differ, and nothing under the other orders', async () => {
    const { user } = renderList('/companies');
    expect(await screen.findByText(/Top rated weighs each average by its number of reviews/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How ratings work' }).getAttribute('href')).toBe(
      '/how-ratings-work',
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'rating');
    expect(await screen.findByText(/Highest rating is the average alone/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name');
    await waitFor(() => expect(screen.queryByText(/Highest rating is the average alone/)).toBeNull());
    expect(screen.queryByRole('link', { name: 'How ratings work' })).toBeNull();
  });

  it('says "1,000+" when a search or a filter matched more companies than the server counts', async () => {
    await live.ctx.deps.db.execute(sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city)
      select 'CMP-CAP' || g, 'cap' || g || '@example.in', 'x', 'Capella Works ' || g, 'employer', 'Agra'
      from generate_series(1, ${SEARCH_RESULT_CAP + 1}) g`);
    const searched = renderList('/companies?search=capella');
    expect(await screen.findByText(`Showing 20 of 1,000+`)).toBeTruthy();
    expect(screen.getByText(`Page 1 of ${SEARCH_RESULT_CAP / 20}`)).toBeTruthy();
    searched.unmount();
    // A page past the cap (an edited address) is empty with a total of 1,000+: not a short search.
    const past = renderList(`/companies?search=capella&page=${SEARCH_RESULT_CAP / 20 + 1}`);
    expect(await screen.findByText('No companies found')).toBeTruthy();
    expect(screen.getByText('Try another search or clear the filters.')).toBeTruthy();
    past.unmount();
    // A filtered list without a search is counted up to the same cap.
    renderList('/companies?city=agra');
    expect(await screen.findByText(`Showing 20 of 1,000+`)).toBeTruthy();
    expect(screen.getByText(`Page 1 of ${SEARCH_RESULT_CAP / 20}`)).toBeTruthy();
    await live.ctx.deps.db.execute(sql`delete from users where user_code like 'CMP-CAP%'`);
  });

  it('says a short search looked through only part of a long list, not "Showing 0 of 0+"', async () => {
    // Letters inside a name, under three of them, are looked for among the list's first WALK_LIMIT
    // users only (ADR 0020): with none there, the server's total is a lower bound of none. Short
    // names, since writing and removing 5,001 companies' search pieces here takes seconds.
    await live.ctx.deps.db.execute(sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city)
      select 'CMP-WALK' || g, 'walk' || g || '@example.in', 'x', 'Co ' || g, 'employer', 'Goa'
      from generate_series(1, ${WALK_LIMIT + 1}) g`);
    renderList('/companies?search=qz');
    expect(await screen.findByText('No companies found')).toBeTruthy();
    expect(
      screen.getByText('So short a search looks through only part of the list: type more letters.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Showing 0/)).toBeNull();
    await live.ctx.deps.db.execute(sql`delete from users where user_code like 'CMP-WALK%'`);
  }, 90_000);

  it('finds a name as its profile writes it, and says so when a search in another script finds nothing', async () => {
    await live.ctx.deps.db.execute(sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city)
      values ('CMP-DEV', 'suraj@example.in', 'x', 'सूरज ट्रेडर्स', 'employer', 'Varanasi')`);
    const found = renderList('/companies?search=सूरज');
    expect(await screen.findByText('सूरज ट्रेडर्स')).toBeTruthy();
    found.unmount();
    renderList('/companies?search=कपड़ा');
    expect(await screen.findByText('No companies found')).toBeTruthy();
    expect(
      screen.getByText(
        'Profiles are found as they are written, and most write names and cities in English letters: try yours in them too, for example Pune.',
      ),
    ).toBeTruthy();
    await live.ctx.deps.db.execute(sql`delete from users where user_code = 'CMP-DEV'`);
  });

  it('offers the City filter when a search that found nothing is another name of a city, and applies it', async () => {
    await live.ctx.deps.db.execute(sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city)
      values ('CMP-BLR', 'indiranagar@example.in', 'x', 'Indiranagar Inks', 'employer', 'Bengaluru')`);
    const { user, router } = renderList('/companies?search=Bangalore&min_rating=');
    expect(await screen.findByText('No companies found')).toBeTruthy();
    expect(screen.getByText('To find a city, use the City filter.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show everyone in Bengaluru' }));
    await waitFor(() => expect(router.state.location.search).toBe('?city=Bengaluru'));
    expect(await screen.findByRole('link', { name: 'Indiranagar Inks' })).toBeTruthy();
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Bengaluru');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    await live.ctx.deps.db.execute(sql`delete from users where user_code = 'CMP-BLR'`);
  });

  it('reads the filters from the URL and says when nothing matches', async () => {
    renderList('/companies?search=no-such-company&min_rating=4');
    expect(await screen.findByText('No companies found')).toBeTruthy();
    expect(screen.getByText('Try another search or clear the filters.')).toBeTruthy();
    expect(screen.queryByText(/Showing 0/)).toBeNull();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('no-such-company');
    expect((screen.getByLabelText('Minimum rating') as HTMLSelectElement).value).toBe('4');
  });

  it('marks every card Not rated by you, says when nobody has rated it, and links it to the profile', async () => {
    renderList('/companies?city=Surat');
    const link = await screen.findByRole('link', { name: 'Company 01' });
    const card = link.closest('article') as HTMLElement;
    expect(within(card).getByText('Not rated by you')).toBeTruthy();
    expect(within(card).getByText('Not rated yet')).toBeTruthy();
    await waitFor(() => expect(link.getAttribute('href')).toMatch(/^\/user\/\d+$/));
  });
});
