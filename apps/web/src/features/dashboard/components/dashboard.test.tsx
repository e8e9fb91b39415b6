import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/testing/render';
import { OwnRatingCard } from './dashboard';

describe('the dashboard rating card', () => {
  it.each([
    [5, 'Excellent', 'text-success'],
    [4.5, 'Excellent', 'text-success'],
    [4.4, 'Good', 'text-warning'],
    [3.5, 'Good', 'text-warning'],
    [3.4, 'Fair', 'text-orange'],
    [2.5, 'Fair', 'text-orange'],
    [2.4, 'Needs Improvement', 'text-destructive'],
    [0.5, 'Needs Improvement', 'text-destructive'],
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
});
