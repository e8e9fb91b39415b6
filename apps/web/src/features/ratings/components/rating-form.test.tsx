import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type CreateRatingRequest,
  LIMITS,
  MSG,
  PERSONAL_DATA_CASES,
  PERSONAL_DATA_MESSAGES,
  RATING_CATEGORIES,
} from '@workspace/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/testing/render';
import { RatingForm } from './rating-form';

const categories = RATING_CATEGORIES.EMPLOYEE_TO_COMPANY;

function setup() {
  const sent: CreateRatingRequest[] = [];
  let cancelled = 0;
  renderWithI18n(
    <RatingForm
      rateeId={42}
      rateeName="Kiran Pharma"
      context="EMPLOYEE_TO_COMPANY"
      categories={categories}
      onSubmit={(request) => sent.push(request)}
      onCancel={() => {
        cancelled += 1;
      }}
    />,
  );
  return { user: userEvent.setup(), sent, cancelled: () => cancelled };
}

/** Three stars for Career Growth, so that the form may be sent. */
const rateCareerGrowth = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(
    screen
      .getByRole('radiogroup', { name: 'Career Growth' })
      .querySelector('[aria-label="3 stars"]') as HTMLElement,
  );

const submitButton = () => screen.getByRole('button', { name: 'Submit Rating' }) as HTMLButtonElement;

describe('RatingForm', () => {
  it('offers one radio group per category, named after it, with options 1 star to 5 stars', () => {
    setup();
    for (const category of categories) {
      const group = screen.getByRole('radiogroup', { name: category });
      const options = Array.from(group.querySelectorAll('[role="radio"]')).map((r) =>
        r.getAttribute('aria-label'),
      );
      expect(options).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    }
  });

  it('paints the stars a mouse points at as a preview, never those a finger lands on', async () => {
    const { user } = setup();
    const group = screen.getByRole('radiogroup', { name: 'Compensation' });
    const fourth = group.querySelector('[aria-label="4 stars"]') as HTMLElement;
    const painted = () => group.querySelectorAll('svg.fill-star').length;
    await user.pointer({ keys: '[TouchA>]', target: fourth });
    expect(painted()).toBe(0);
    await user.pointer({ keys: '[/TouchA]', target: fourth });
    await user.pointer({ target: fourth, pointerName: 'mouse' });
    expect(painted()).toBe(4);
  });

  it('keeps Submit disabled until a category is rated, and again once it is cleared', async () => {
    const { user } = setup();
    const why = 'Give at least one category a score to submit your rating.';
    expect(submitButton().disabled).toBe(true);
    // The disabled button says why, to the eye and to a screen reader.
    expect(screen.getByText(why).id).toBe(submitButton().getAttribute('aria-describedby'));
    const group = screen.getByRole('radiogroup', { name: 'Career Growth' });
    await user.click(group.querySelector('[aria-label="4 stars"]') as HTMLElement);
    expect(submitButton().disabled).toBe(false);
    expect(screen.getByText('1 of 6 categories rated')).toBeTruthy();
    expect(screen.queryByText(why)).toBeNull();
    expect(submitButton().hasAttribute('aria-describedby')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Clear Career Growth' }));
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText(why)).toBeTruthy();
  });

  it('sends only the rated categories, in their order, with trimmed feedback and the anonymous choice', async () => {
    const { user, sent } = setup();
    const pick = (category: string, option: string) =>
      user.click(
        screen
          .getByRole('radiogroup', { name: category })
          .querySelector(`[aria-label="${option}"]`) as HTMLElement,
      );
    await pick('Compensation', '2 stars');
    await pick('Work Environment', '5 stars');
    await user.type(screen.getByLabelText('Feedback (optional)'), '  Supportive managers.  ');
    await user.click(screen.getByRole('checkbox', { name: 'Submit anonymously' }));
    expect(screen.getByText(/everyone else will see "Anonymous" instead of your name/)).toBeTruthy();
    // The choice is told as final before it is sent: an edit cannot change it.
    expect(screen.getByText(/You cannot change this choice once the review is posted/)).toBeTruthy();
    await user.click(submitButton());

    expect(sent).toEqual([
      {
        ratee: 42,
        role_context: 'EMPLOYEE_TO_COMPANY',
        is_anonymous: true,
        feedback_message: 'Supportive managers.',
        category_scores: [
          { category: 'Work Environment', score: 5 },
          { category: 'Compensation', score: 2 },
        ],
      },
    ]);
  });

  it('counts feedback characters live and refuses more than 1000', async () => {
    const { user, sent } = setup();
    await rateCareerGrowth(user);
    const feedback = screen.getByLabelText('Feedback (optional)');
    fireEvent.change(feedback, { target: { value: 'x'.repeat(LIMITS.feedbackMax) } });
    expect(screen.getByText(`${LIMITS.feedbackMax}/${LIMITS.feedbackMax} characters`)).toBeTruthy();
    expect(screen.queryByText(MSG.feedbackMax)).toBeNull();

    fireEvent.change(feedback, { target: { value: 'x'.repeat(LIMITS.feedbackMax + 1) } });
    expect(screen.getByText(`${LIMITS.feedbackMax + 1}/${LIMITS.feedbackMax} characters`)).toBeTruthy();
    // The contracts' schema checks it (loaded on first use), so the message comes a moment later.
    expect(await screen.findByText(MSG.feedbackMax)).toBeTruthy();
    expect(feedback.getAttribute('aria-invalid')).toBe('true');
    await user.click(submitButton());
    expect(sent).toEqual([]);

    fireEvent.change(feedback, { target: { value: 'x'.repeat(LIMITS.feedbackMax) } });
    await user.click(submitButton());
    expect(sent).toHaveLength(1);
  });

  it('warns while the person types personal data, in the words the API would use, and sends nothing', async () => {
    const { user, sent } = setup();
    await rateCareerGrowth(user);
    const feedback = screen.getByLabelText('Feedback (optional)');
    // A sample of the contracts' table: each kind, and look-alikes that must not warn.
    const samples = PERSONAL_DATA_CASES.filter(
      ([, found], i) => found === null || PERSONAL_DATA_CASES.findIndex(([, first]) => first === found) === i,
    ).slice(0, 12);
    for (const [text, found] of samples) {
      // From a warning of another kind first, so that each text is seen to be checked afresh.
      const [other, otherText] =
        found === 'pan' ? (['email', 'a@b.co'] as const) : (['pan', 'ABCPE1234F'] as const);
      fireEvent.change(feedback, { target: { value: otherText } });
      expect(await screen.findByText(PERSONAL_DATA_MESSAGES[other])).toBeTruthy();
      fireEvent.change(feedback, { target: { value: text } });
      if (found) expect(await screen.findByText(PERSONAL_DATA_MESSAGES[found]), text).toBeTruthy();
      else await vi.waitFor(() => expect(feedback.getAttribute('aria-invalid'), text).toBe('false'));
    }
    fireEvent.change(feedback, { target: { value: 'Call me on 98450 12345' } });
    expect(await screen.findByText(PERSONAL_DATA_MESSAGES.mobile)).toBeTruthy();
    await user.click(submitButton());
    expect(sent).toEqual([]);
  });

  it('Cancel leaves without sending', async () => {
    const { user, sent, cancelled } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelled()).toBe(1);
    expect(sent).toEqual([]);
  });

  it("shows the submission error it is given (the server's text)", () => {
    renderWithI18n(
      <RatingForm
        rateeId={1}
        rateeName="X"
        context="EMPLOYEE_TO_COMPANY"
        categories={categories}
        onSubmit={() => {}}
        onCancel={() => {}}
        error={MSG.ratingSubmitFailed}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(MSG.ratingSubmitFailed);
  });
});
