// The grievance queue against the real API: what a grievance is about opens in the app when it is a
// page of this site; another site's address is shown as text, not a link a moderator might follow.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { GrievanceQueue } from './grievance-queue';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('links what a grievance is about when it is a page of this site, and only then', async () => {
  const person = await live.signUp();
  const file = async (subject_url: string, details: string) => {
    const filed = await live.call('POST', '/api/core/grievances/', {
      token: person.access,
      body: { category: 'CONTENT', subject_url, details },
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  };
  const page = `${window.location.origin}/user/42?tab=reviews`;
  await file(page, 'This review on my page names my manager in full.');
  await file('/user/43', 'The review here was written by someone who never worked with us.');
  await file('https://elsewhere.example/user/42', 'A copy of my review is posted on another site.');
  await file('//elsewhere.example/x', 'Another copy of my review, on a second site.');
  // This site's origin, but a path that a link would follow off it.
  const offSite = [`${window.location.origin}//elsewhere.example/y`, '/.//elsewhere.example/z'];
  for (const url of offSite) await file(url, 'A third copy of my review, somewhere else again.');

  live.signInPage(await createModerator(live.ctx));
  renderWithProviders(<GrievanceQueue />);
  const list = await screen.findByRole('list', { name: 'Open grievances' });
  expect(within(list).getByRole('link', { name: page }).getAttribute('href')).toBe('/user/42?tab=reviews');
  expect(within(list).getByRole('link', { name: '/user/43' }).getAttribute('href')).toBe('/user/43');
  for (const other of ['https://elsewhere.example/user/42', '//elsewhere.example/x', ...offSite]) {
    expect(within(list).getByText(other, { exact: false })).toBeTruthy();
    expect(within(list).queryByRole('link', { name: other })).toBeNull();
  }
  for (const link of within(list).getAllByRole('link')) {
    expect(link.getAttribute('href'), link.textContent ?? '').toMatch(/^\/(?![/\\])/);
  }
});
