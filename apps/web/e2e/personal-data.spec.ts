// Personal data in a review (DESIGN §9.4, issue 45, ADR 0022): the form says what it found as the
// person types, on a phone and in Hindi too; the text is sent once it is gone, and the API refuses it
// from a client that skips the form.
import { PERSONAL_DATA_MESSAGES, RATING_CATEGORIES } from '@workspace/contracts';
import { expect, test } from './fixtures';
import { makeUsers, marker, openAs } from './journeys-support';

test('a review with a mobile number is stopped in the form, and published once the number is gone', async ({
  page,
  request,
  checkA11y,
}) => {
  const companyName = `${marker('Indigo')} Pvt Ltd`;
  const [company] = await makeUsers(request, 1, () => ({ role: 'employer', full_name: companyName }));
  const [author] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Meera Pillai' }));

  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, author, `/user/${company.user.id}`);
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  const form = page.getByRole('form', { name: `Rate ${companyName}` });
  await form
    .getByRole('radiogroup', { name: RATING_CATEGORIES.EMPLOYEE_TO_COMPANY[0] })
    .getByRole('radio', { name: '4 stars' })
    .click();
  const feedback = form.getByLabel('Feedback (optional)');
  await feedback.fill('Ask the manager Ravi on 98450 12345 about leave.');
  await expect(form.getByText(PERSONAL_DATA_MESSAGES.mobile)).toBeVisible();
  await expect(feedback).toHaveAttribute('aria-invalid', 'true');
  await checkA11y('rating form warning of a mobile number');
  await form.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(form).toBeVisible();

  await feedback.fill('Ask the manager about leave: he is fair.');
  await expect(form.getByText(PERSONAL_DATA_MESSAGES.mobile)).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(page.getByText('Rating submitted', { exact: true })).toBeVisible();
  await expect(page.getByText('Ask the manager about leave: he is fair.')).toBeVisible();
});

test('in Hindi the form names an Aadhaar number in Hindi', async ({ page, request }) => {
  const [company] = await makeUsers(request, 1, () => ({
    role: 'employer',
    full_name: `${marker('Neem')} Ltd`,
  }));
  const [author] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Arjun Das' }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, author, `/user/${company.user.id}`);
  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await page.getByRole('button', { name: 'रेट करें', exact: true }).click();
  const feedback = page.getByLabel('फ़ीडबैक (वैकल्पिक)');
  await feedback.fill('मेरा आधार 2345 6789 0124 है');
  await expect(page.getByText('यह आधार नंबर लगता है', { exact: false })).toBeVisible();
});
