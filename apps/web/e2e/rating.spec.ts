// Journey: rate a company anonymously and publicly, and see both ratings from every side: the
// raters' profile view and given tab, the company's received tab and dashboard.
import { ELIGIBILITY } from '@workspace/contracts';
import { expect, test } from './fixtures';
import { makeUsers, marker, openAs } from './journeys-support';

test('an anonymous and a public rating, seen by the raters and by the company', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const companyName = `${marker('Saffron')} Pvt Ltd`;
  const [company] = await makeUsers(request, 1, () => ({ role: 'employer', full_name: companyName }));
  const [hidden, open] = await makeUsers(request, 2, (i) => ({
    role: 'employee',
    full_name: i === 0 ? 'Kavita Raghunathan' : 'Suresh Menon',
  }));

  // --- the anonymous rating, written with the keyboard and the mouse ---
  await openAs(page, hidden, `/user/${company.user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  // Nobody has rated it yet: said so in the header and the statistics, never as 0.0 and empty stars.
  await expect(page.getByText('Not rated yet')).toHaveCount(2);
  await expect(page.getByText('0.0')).toHaveCount(0);
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  const form = page.getByRole('form', { name: `Rate ${companyName}` });
  await expect(form.getByRole('radiogroup')).toHaveCount(6);
  await expect(form.getByRole('button', { name: 'Submit Rating' })).toBeDisabled();
  await checkA11y('rating form');

  const workEnvironment = form.getByRole('radiogroup', { name: 'Work Environment' });
  await workEnvironment.getByRole('radio', { name: '3 stars' }).click();
  // Held down like a person's key press: Radix selects on the focus that follows the arrow.
  await page.keyboard.down('ArrowRight');
  await expect(workEnvironment.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.keyboard.up('ArrowRight');
  await expect(workEnvironment.getByRole('radio', { name: '4 stars' })).toBeFocused();
  await form
    .getByRole('radiogroup', { name: 'Career Growth' })
    .getByRole('radio', { name: '2 stars' })
    .click();
  await expect(form.getByText('2 of 6 categories rated')).toBeVisible();
  await form.getByLabel('Feedback (optional)').fill('Long hours, but I learnt a lot.');
  await expect(form.getByText('31/1000 characters')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Submit anonymously' }).check();
  await expect(form.getByText(/everyone else will see "Anonymous" instead of your name/)).toBeVisible();
  await form.getByRole('button', { name: 'Submit Rating' }).click();

  await expect(page.getByText('Rating submitted', { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);
  // The page reloaded: the rating is listed, and there is nothing left to rate.
  await expect(page.getByRole('button', { name: 'Rate', exact: true })).toHaveCount(0);
  await expect(page.getByText('You have already rated this company.')).toBeVisible();
  await expect(page.getByText('(1 review)', { exact: true })).toBeVisible();
  await expect(page.getByText('Long hours, but I learnt a lot.')).toBeVisible();

  // --- the public rating ---
  await openAs(page, open, `/user/${company.user.id}`);
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  const second = page.getByRole('form', { name: `Rate ${companyName}` });
  // all() does not wait: let the categories render first.
  await expect(second.getByRole('radiogroup')).toHaveCount(6);
  for (const group of await second.getByRole('radiogroup').all()) {
    await group.getByRole('radio', { name: '5 stars' }).click();
  }
  await second.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(second).toHaveCount(0);
  await expect(page.getByText('(2 reviews)', { exact: true })).toBeVisible();
  // Another reader sees the anonymous rating without its author.
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('heading', { name: 'Anonymous' })).toBeVisible();
  await expect(reviews.getByRole('heading', { name: 'Suresh Menon' })).toBeVisible();
  await expect(page.getByText('Kavita Raghunathan')).toHaveCount(0);
  const anonymousCard = reviews.getByRole('article').filter({ hasText: 'Long hours' });
  await expect(anonymousCard.getByRole('listitem').filter({ hasText: 'Work Environment' })).toContainText(
    '4/5',
  );
  await expect(anonymousCard.getByRole('listitem').filter({ hasText: 'Career Growth' })).toContainText('2/5');
  await expect(anonymousCard.getByRole('listitem')).toHaveCount(2);
  // The statistics panel has the distribution as text beside its bars.
  await expect(page.getByText('Score distribution')).toBeVisible();
  await checkA11y('company profile with reviews');

  // --- the company's side ---
  await openAs(page, company, '/my-ratings');
  await expect(page.getByRole('tab', { name: 'Ratings Received' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Showing 2 of 2')).toBeVisible();
  const received = page.getByRole('tabpanel');
  const anonymous = received
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Anonymous' }) });
  await expect(anonymous.getByText('Anonymous', { exact: true }).last()).toBeVisible();
  await expect(anonymous.getByText('Company Rating')).toBeVisible();
  await expect(anonymous.getByText('Overall 3.0 out of 5')).toBeVisible();
  const named = received
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Suresh Menon' }) });
  await expect(named.getByText('Public')).toBeVisible();
  await expect(named.getByText('No written feedback provided')).toBeVisible();
  await expect(page.getByText('Kavita Raghunathan')).toHaveCount(0);
  await checkA11y('my ratings received');

  await page.goto('/dashboard');
  const recent = page
    .getByRole('heading', { name: 'Recent Ratings' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(recent.getByRole('listitem')).toHaveCount(2);
  await expect(recent.getByText('Public', { exact: true })).toHaveCount(1);
  await expect(recent.getByText('Anonymous')).toBeVisible();

  // --- the anonymous rater's given tab ---
  await openAs(page, hidden, '/my-ratings');
  await page.getByRole('tab', { name: 'Ratings Given' }).click();
  await expect(page).toHaveURL(/tab=given/);
  const given = page.getByRole('tabpanel').getByRole('article');
  await expect(given).toHaveCount(1);
  await expect(given.getByRole('link', { name: companyName })).toBeVisible();
  await expect(given.getByText('Anonymous', { exact: true })).toBeVisible();
  await checkA11y('my ratings given');

  // Rating twice is refused by the eligibility check even when asked directly.
  const check = await page.evaluate(async (rateeId) => {
    const response = await fetch('/api/core/check-rating-eligibility/', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('worktrust.access')}`,
      },
      body: JSON.stringify({ ratee_id: rateeId, role_context: 'EMPLOYEE_TO_COMPANY' }),
    });
    return response.json();
  }, company.user.id);
  expect(check).toEqual({ eligible: false, reason: ELIGIBILITY.alreadyRated });
});
