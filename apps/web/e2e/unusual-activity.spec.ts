// Unusual activity in the browser (DESIGN §8.2, issue 13): a burst of ratings from newly opened
// accounts puts a neutral notice on the profile and the ratings in the moderators' queue, flagged by
// the automatic check; once moderators have decided, the notice goes.
import { COPIED_TEXT, FLAG_REASON_LABELS, UNUSUAL_ACTIVITY } from '@workspace/contracts';
import { expect, moderatorAccount, test } from './fixtures';
import { makeUsers, marker, openAs, rateViaApi } from './journeys-support';

test('a burst from new accounts is flagged automatically and noticed on the profile', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const [company] = await makeUsers(request, 1, () => ({
    role: 'employer',
    full_name: 'Sudden Stars Pvt Ltd',
  }));
  // Accounts opened just now, rating at once: one more than the rule allows.
  const burst = UNUSUAL_ACTIVITY.freshAccounts.factor + 1;
  const raters = await makeUsers(request, burst, (i) => ({ role: 'employee', full_name: `New Naveen ${i}` }));
  const [reader] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Reader Ritu' }));
  for (const [i, rater] of raters.entries()) {
    await rateViaApi(request, rater, company.user.id, { score: 5, feedback: `Best company ever ${i}` });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, reader, `/user/${company.user.id}`);
  await expect(page.getByText('Recent ratings are being reviewed')).toBeVisible();
  // The ratings stay visible meanwhile.
  await expect(page.getByText('Best company ever 0')).toBeVisible();
  await checkA11y('profile with the unusual-activity notice on a phone');

  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, moderatorAccount, '/moderation');
  for (let i = 0; i < burst; i += 1) {
    const item = page.getByRole('article').filter({ hasText: `Best company ever ${i}` });
    await expect(item.getByText(FLAG_REASON_LABELS.UNUSUAL_ACTIVITY)).toBeVisible();
    await expect(item.getByText(/^By Automatic check/)).toBeVisible();
    // What the check found, worded by the web app from the flag's figures.
    const { windowHours, freshAccountHours } = UNUSUAL_ACTIVITY;
    await expect(
      item.getByText(
        `${burst} ratings in ${windowHours} hours from accounts opened less than ${freshAccountHours} hours before rating; usually 0.0 a day.`,
      ),
    ).toBeVisible();
    await item.getByRole('button', { name: 'Dismiss flag by Automatic check' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss this flag' });
    await dialog.getByLabel('Reason').fill('Checked: real staff after the launch event.');
    await dialog.getByRole('button', { name: 'Dismiss Flag' }).click();
    await expect(item).toHaveCount(0);
  }

  await openAs(page, reader, `/user/${company.user.id}`);
  await expect(page.getByText('Best company ever 0')).toBeVisible();
  await expect(page.getByText('Recent ratings are being reviewed')).toHaveCount(0);
});

test('a copied review reaches the moderators with both texts side by side', async ({
  page,
  request,
  checkA11y,
}) => {
  // A word of this run's own, so that no other run's copy matches.
  const word = marker('copy');
  const review = `The interview had four rounds and the offer came in a week; ${word} the team is friendly and the manager explains every target clearly.`;
  expect(review.length).toBeGreaterThanOrEqual(COPIED_TEXT.minChars);
  const [first, second, one, two] = await makeUsers(request, 4, (i) =>
    i < 2
      ? { role: 'employee', full_name: `Copying Chitra ${i}` }
      : { role: 'employer', full_name: `Copied Co ${i}` },
  );
  await rateViaApi(request, first, one.user.id, { feedback: review, anonymous: true });
  await rateViaApi(request, second, two.user.id, { feedback: review });

  for (const [width, height, sideBySide] of [
    [1440, 900, true],
    [390, 844, false],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openAs(page, moderatorAccount, '/moderation');
    // The copy's card: the one whose own text sits under "This rating".
    const item = page
      .getByRole('article')
      .filter({ has: page.getByRole('figure').filter({ hasText: 'This rating' }).filter({ hasText: word }) })
      .filter({ hasText: second.user.full_name });
    await expect(item.getByText("Copied text: nearly the same as another account's rating")).toBeVisible();
    const mine = item.getByRole('figure').filter({ hasText: 'This rating' });
    const matched = item
      .getByRole('figure')
      .filter({ hasText: `by ${first.user.full_name} of ${one.user.full_name}` });
    await expect(mine.getByText(review)).toBeVisible();
    await expect(matched.getByText(review)).toBeVisible();
    const [a, b] = [await mine.boundingBox(), await matched.boundingBox()];
    if (!a || !b) throw new Error('the two texts are not laid out');
    // Beside each other on a desktop, one above the other on a phone.
    expect(Math.abs(a.y - b.y) < 2).toBe(sideBySide);
    await checkA11y(`a copied-text flag on ${sideBySide ? 'a desktop' : 'a phone'}`);
  }
});
