import { describe, expect, it } from 'vitest';
import { RANKING_PRIOR_MEAN, withdrawalLocksRatingAgain } from './constants.ts';
import { ELIGIBILITY, rateAgainDateOf, withdrawnUnderModeration } from './messages.ts';
import {
  dayOnly,
  eligibilityReason,
  myDataFileName,
  overallScore,
  overallScoreTenths,
  RATING_BANDS,
  rankingScore,
  ratingLabel,
  ratingTone,
  roundHalfUp1,
} from './rules.ts';

describe('scores', () => {
  it('rounds half up to one decimal, immune to float error', () => {
    expect(roundHalfUp1(4.25)).toBe(4.3);
    expect(roundHalfUp1(4.35)).toBe(4.4);
    expect(roundHalfUp1(4.24)).toBe(4.2);
    expect(roundHalfUp1(1.05)).toBe(1.1);
  });

  it('takes the mean of the category scores', () => {
    expect(overallScore([5, 4])).toBe(4.5);
    expect(overallScore([5, 4, 4])).toBe(4.3);
    expect(overallScore([1, 2, 2])).toBe(1.7);
    expect(overallScoreTenths([5, 4, 4, 4])).toBe(43);
  });

  it('ranks two hundred 4.6-star reviews above a single 5-star one', () => {
    expect(rankingScore(4.6, 200)).toBeGreaterThan(rankingScore(5, 1));
    expect(rankingScore(0, 0)).toBe(RANKING_PRIOR_MEAN);
  });
});

describe('rating label and tone (SPEC §2, §9)', () => {
  it("are SPEC §2's bands, best first", () => {
    expect(RATING_BANDS.map(({ label, tone, min }) => [label, tone, min])).toEqual([
      ['Excellent', 'success', 4.5],
      ['Good', 'warning', 3.5],
      ['Fair', 'orange', 2.5],
      ['Needs Improvement', 'destructive', 0],
    ]);
  });

  // Each band from its lowest average, and the average a tenth below it belongs to the next.
  it.each(RATING_BANDS.map((band, i) => [band, RATING_BANDS[i + 1]] as const))('$0.label', (band, next) => {
    expect([ratingLabel(band.min), ratingTone(band.min)]).toEqual([band.label, band.tone]);
    expect(ratingLabel(5)).toBe(RATING_BANDS[0].label);
    if (next)
      expect([ratingLabel(band.min - 0.1), ratingTone(band.min - 0.1)]).toEqual([next.label, next.tone]);
  });
});

describe('eligibility', () => {
  const employee = { id: 1, role: 'employee' as const, isActive: true };
  const employer = { id: 2, role: 'employer' as const, isActive: true };
  const otherEmployee = { id: 3, role: 'employee' as const, isActive: true };
  const moderator = { id: 4, role: 'moderator' as const, isActive: true };
  const base = { alreadyRated: false };

  it('gives each reason in order', () => {
    expect(
      eligibilityReason({ ...base, rater: employee, ratee: employer, context: 'EMPLOYEE_TO_COMPANY' }),
    ).toEqual({
      eligible: true,
      reason: ELIGIBILITY.ok,
    });
    const reason = (input: Parameters<typeof eligibilityReason>[0]) => eligibilityReason(input).reason;
    expect(reason({ ...base, rater: moderator, ratee: employer, context: 'EMPLOYEE_TO_COMPANY' })).toBe(
      ELIGIBILITY.moderator,
    );
    expect(reason({ ...base, rater: employee, ratee: null, context: 'EMPLOYEE_TO_COMPANY' })).toBe(
      ELIGIBILITY.notFound,
    );
    expect(reason({ ...base, rater: employee, ratee: employee, context: 'EMPLOYEE_TO_COMPANY' })).toBe(
      ELIGIBILITY.self,
    );
    // A withdrawal under moderation: the wait, with its date; a pair already rated says so first.
    const waiting = { rater: employee, ratee: employer, context: 'EMPLOYEE_TO_COMPANY' as const };
    expect(reason({ ...base, ...waiting, rateAgainOn: '2027-02-27' })).toBe(
      withdrawnUnderModeration('2027-02-27'),
    );
    expect(rateAgainDateOf(withdrawnUnderModeration('2027-02-27'))).toBe('2027-02-27');
    expect(rateAgainDateOf(ELIGIBILITY.alreadyRated)).toBeNull();
    expect(reason({ ...waiting, alreadyRated: true, rateAgainOn: '2027-02-27' })).toBe(
      ELIGIBILITY.alreadyRated,
    );
    expect(reason({ ...base, rater: employee, ratee: employer, context: 'EMPLOYER_TO_EMPLOYEE' })).toBe(
      ELIGIBILITY.wrongContext,
    );
    expect(reason({ ...base, rater: employee, ratee: otherEmployee, context: 'EMPLOYEE_TO_COMPANY' })).toBe(
      ELIGIBILITY.employeesRateCompanies,
    );
    expect(reason({ ...base, rater: employer, ratee: moderator, context: 'EMPLOYER_TO_EMPLOYEE' })).toBe(
      ELIGIBILITY.employersRateEmployees,
    );
    expect(
      reason({
        ...base,
        rater: employer,
        ratee: { ...employee, isActive: false },
        context: 'EMPLOYER_TO_EMPLOYEE',
      }),
    ).toBe(ELIGIBILITY.inactive);
    expect(
      reason({ rater: employer, ratee: employee, context: 'EMPLOYER_TO_EMPLOYEE', alreadyRated: true }),
    ).toBe(ELIGIBILITY.alreadyRated);
  });
});

it("keeps only the day of a timestamp, India's day", () => {
  expect(dayOnly('2026-03-14T15:09:26.535Z')).toBe('2026-03-14T00:00:00.000Z');
  // 00:30 on 15 March in India, 19:00 the day before in UTC.
  expect(dayOnly('2026-03-14T19:00:00.000Z')).toBe('2026-03-15T00:00:00.000Z');
  expect(dayOnly(new Date('2026-12-31T18:29:59.999Z'))).toBe('2026-12-31T00:00:00.000Z');
  expect(dayOnly(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01T00:00:00.000Z');
});

it("dates a data download by India's calendar, not UTC's", () => {
  // 21:40 UTC on 2 December is 03:10 on 3 December in India.
  expect(myDataFileName('2026-12-02T21:40:00.000Z')).toBe('worktrust-my-data-2026-12-03.json');
  expect(myDataFileName('2026-12-02T18:00:00.000Z')).toBe('worktrust-my-data-2026-12-02.json');
});

describe('withdrawal under moderation (DESIGN §9.1)', () => {
  const none = null;
  it('locks rating again after withdrawing a hidden, held-back or disputed rating, or one a dispute upheld', () => {
    expect(withdrawalLocksRatingAgain({ status: 'hidden', dispute: none })).toBe(true);
    expect(withdrawalLocksRatingAgain({ status: 'disputed', dispute: none })).toBe(true);
    expect(
      withdrawalLocksRatingAgain({ status: 'published', dispute: { status: 'open', outcome: null } }),
    ).toBe(true);
    expect(
      withdrawalLocksRatingAgain({ status: 'published', dispute: { status: 'decided', outcome: 'UPHELD' } }),
    ).toBe(true);
  });
  it('leaves the pair free after a published rating, a rejected or withdrawn dispute, or a held one', () => {
    expect(withdrawalLocksRatingAgain({ status: 'published', dispute: none })).toBe(false);
    expect(
      withdrawalLocksRatingAgain({
        status: 'published',
        dispute: { status: 'decided', outcome: 'REJECTED' },
      }),
    ).toBe(false);
    expect(
      withdrawalLocksRatingAgain({ status: 'published', dispute: { status: 'withdrawn', outcome: null } }),
    ).toBe(false);
    expect(withdrawalLocksRatingAgain({ status: 'held', dispute: none })).toBe(false);
  });
});
