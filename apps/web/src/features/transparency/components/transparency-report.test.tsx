// The transparency report against the real API: a topic with nothing counted in its twelve months says
// so instead of drawing an empty chart; a topic with figures draws them.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { TransparencyReportPage } from './transparency-report';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
  const company = await live.signUp({ user_role: 'employer', full_name: 'Counted Works' });
  const rater = await live.signUp({ user_role: 'employee', full_name: 'Counting Rater' });
  await live.rate(rater, company, { feedback_message: 'A fair place to work, counted in the report.' });
});
afterAll(() => live?.close());

const EMPTY = 'Nothing of this kind happened in the last twelve months.';
const card = (title: string) => {
  const heading = screen.getByRole('heading', { level: 2, name: title });
  const element = heading.closest('[data-slot="card"]');
  if (!(element instanceof HTMLElement)) throw new Error(`no card for ${title}`);
  return within(element);
};

describe('the transparency report', () => {
  it('says a topic had nothing to count, and charts one that had', async () => {
    renderWithProviders(<TransparencyReportPage />);
    await screen.findByRole('heading', { level: 2, name: 'Ratings' });
    // One rating posted: the ratings chart has its key (beside the table's column); no appeal,
    // dispute or suspension yet, so those cards say so and keep only their table.
    expect(card('Ratings').queryByText(EMPTY)).toBeNull();
    expect(card('Ratings').getAllByText('Posted')).toHaveLength(2);
    for (const title of ['Appeals', 'Disputes']) {
      expect(card(title).getByText(EMPTY)).toBeTruthy();
      expect(card(title).getAllByText('Filed')).toHaveLength(1);
    }
    expect(card('Accounts suspended').getByText(EMPTY)).toBeTruthy();
    expect(screen.getAllByText(EMPTY)).toHaveLength(6);
  });
});
