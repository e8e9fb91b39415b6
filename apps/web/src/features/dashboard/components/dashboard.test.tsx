import { screen } from '@testing-library/react';
import { RATING_BANDS } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/testing/render';
import { OwnRatingCard, ReceivedCount } from './dashboard';

describe('the dashboard rating card', () => {
  // Each band of the contracts' RATING_BANDS at its lowest average (the lowest band at 0.5: a rated
  // user's average is at least 1), and the best at 5.
  it.each([
    [5, RATING_BANDS[0].label, `text-${RATING_BANDS[0].tone}`] as const,
    ...RATING_BANDS.map((band) => [Math.max(band.min, 0.5), band.label, `text-${band.tone}`] as const),
  ])('labels an average of %s as %s, coloured %s', (average, label, tone) => {
    renderWithI18n(<OwnRatingCard average={average} received={3} />);
    const text = screen.getByText(label);
    expect(text.className).toContain(tone);
    expect(screen.getByText(`Average ${average.toFixed(1)} out of 5`)).toBeTruthy();
  });

  it('labels no one without a rating: a new account is not rated yet, not in need of improvement', () => {
    renderWithI18n(<OwnRatingCard average={0} received={0} />);
    expect(screen.getByText('Not rated yet')).toBeTruthy();
    expect(screen.queryByText(/Excellent|Good|Fair|Needs Improvement|Average/)).toBeNull();
  });

  it('shows a dash, not a label, when the numbers could not be loaded', () => {
    renderWithI18n(<OwnRatingCard average={null} received={null} />);
    expect(screen.getByText('–')).toBeTruthy();
    expect(screen.queryByText(/Excellent|Good|Fair|Needs Improvement/)).toBeNull();
  });

  it('says a count of ratings received with none yet is not rated, not an average of 0.0', () => {
    renderWithI18n(<ReceivedCount received={0} average={0} />);
    expect(screen.getByText('Not rated yet')).toBeTruthy();
    expect(screen.queryByText(/Average|0\.0/)).toBeNull();
  });
});
