// Both sides heard in the browser (DESIGN §8.1, issue 12): a company replies to a review, a
// moderator hides the reply and the company, on a phone, reads why and removes it; an author edits then withdraws a rating on a phone; an employee disputes
// an employer's rating, a moderator upholds it and both see the outcome; an author appeals a hidden
// rating and a moderator restores it.
import { DISPUTE_REASON_LABELS, FLAG_REASON_LABELS, MSG } from '@workspace/contracts';
import { apiLogin, expect, moderatorAccount, test } from './fixtures';
import { makeUsers, openAs, rateViaApi } from './journeys-support';

const PHONE = { width: 390, height: 844 };

test('a company replies to an anonymous review; a moderator hides the reply', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const [company] = await makeUsers(request, 1, () => ({ role: 'employer', full_name: 'Banyan Logistics' }));
  const [author, reader] = await makeUsers(request, 2, (i) => ({
    role: 'employee',
    full_name: ['Hidden Hari', 'Reader Rekha'][i],
  }));
  await rateViaApi(request, author, company.user.id, {
    score: 2,
    anonymous: true,
    feedback: 'Overtime was never paid.',
  });

  await openAs(page, company, '/my-ratings');
  const review = page.getByRole('article').filter({ hasText: 'Overtime was never paid.' });
  await expect(review.getByRole('heading', { name: 'Anonymous' })).toBeVisible();
  await review.getByRole('button', { name: 'Reply to the review by Anonymous' }).click();
  await review.getByRole('button', { name: 'Publish reply' }).click();
  await expect(review.getByText(MSG.replyRequired)).toBeVisible();
  await review.getByLabel('Your public reply').fill('Overtime is paid monthly; please write to HR.');
  await checkA11y('reply box');
  await review.getByRole('button', { name: 'Publish reply' }).click();
  await expect(page.getByText('Your reply is published', { exact: true })).toBeVisible();
  await expect(review.getByRole('heading', { name: /Reply from Banyan Logistics/ })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Edit reply' })).toBeVisible();

  // Everyone sees it under the review, as the company's reply; the author stays anonymous.
  await openAs(page, reader, `/user/${company.user.id}`);
  const shown = page.getByRole('article').filter({ hasText: 'Overtime was never paid.' });
  await expect(shown.getByRole('heading', { name: /Reply from Banyan Logistics/ })).toBeVisible();
  await expect(shown.getByText('Overtime is paid monthly; please write to HR.')).toBeVisible();
  await expect(shown.getByText('Hidden Hari')).toHaveCount(0);
  await expect(shown.getByRole('button', { name: 'Edit reply' })).toHaveCount(0);
  await checkA11y('a review with a reply');
  await shown.getByRole('button', { name: /Flag/ }).click();
  await page.getByRole('radio', { name: FLAG_REASON_LABELS.OTHER }).check();
  await page.getByRole('button', { name: 'Flag Review' }).click();
  await expect(page.getByText('Review reported', { exact: true })).toBeVisible();

  await openAs(page, moderatorAccount, '/moderation');
  const item = page.getByRole('article').filter({ hasText: 'Overtime was never paid.' });
  await expect(item.getByText('Overtime is paid monthly; please write to HR.')).toBeVisible();
  await item.getByRole('button', { name: 'Hide reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide the reply from Banyan Logistics' });
  await dialog.getByLabel('Reason').fill('Asks readers to contact staff privately.');
  await dialog.getByRole('button', { name: 'Hide reply' }).click();
  await expect(page.getByText(MSG.replyHidden, { exact: true })).toBeVisible();
  await expect(item.getByText('Overtime is paid monthly; please write to HR.')).toHaveCount(0);

  await openAs(page, reader, `/user/${company.user.id}`);
  await expect(page.getByText('Overtime was never paid.')).toBeVisible();
  await expect(page.getByText('Overtime is paid monthly; please write to HR.')).toHaveCount(0);

  // The company is told why, on a phone: its reply, the reason, and the ways on.
  await page.setViewportSize(PHONE);
  await openAs(page, company, '/notifications');
  await expect(page.getByText('Reason: Asks readers to contact staff privately.')).toBeVisible();
  await page.getByRole('link', { name: 'View' }).first().click();
  await expect(page).toHaveURL(/\/my-ratings\?tab=received$/);
  const own = page.getByRole('article').filter({ hasText: 'Overtime was never paid.' });
  await expect(own.getByText(/^Your reply was hidden by moderators on /)).toBeVisible();
  await expect(own.getByText('Reason: Asks readers to contact staff privately.')).toBeVisible();
  await expect(own.getByText('Overtime is paid monthly; please write to HR.')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Edit reply' })).toHaveCount(0);
  await expect(own.getByRole('link', { name: 'Appeal through the grievance form' })).toHaveAttribute(
    'href',
    '/grievance',
  );
  await checkA11y('a hidden reply, to its author, on a phone');
  await own.getByRole('button', { name: 'Remove reply' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove reply' }).click();
  await expect(own.getByRole('button', { name: 'Reply to the review by Anonymous' })).toBeVisible();
  await expect(own.getByText(/^Your reply was hidden/)).toHaveCount(0);
});

test('on a phone, an author edits a rating, then withdraws it', async ({ page, request, checkA11y }) => {
  test.slow();
  await page.setViewportSize(PHONE);
  const [company] = await makeUsers(request, 1, () => ({ role: 'employer', full_name: 'Peepal Foods' }));
  const [author] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Editing Esha' }));
  await rateViaApi(request, author, company.user.id, { score: 2, feedback: 'Chaotic first month.' });

  await openAs(page, author, '/my-ratings?tab=given');
  const mine = page.getByRole('article').filter({ hasText: 'Chaotic first month.' });
  await mine.getByRole('button', { name: 'Edit your rating of Peepal Foods' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit your rating of Peepal Foods' });
  for (const category of ['Work Environment', 'Management Quality', 'Career Growth']) {
    await edit.getByRole('radiogroup', { name: category }).getByRole('radio', { name: '5 stars' }).click();
  }
  await edit.getByLabel('Feedback (optional)').fill('Chaotic first month, then very well run.');
  await checkA11y('edit dialog on a phone');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your rating was updated', { exact: true })).toBeVisible();
  const edited = page.getByRole('article').filter({ hasText: 'then very well run.' });
  await expect(edited.getByText('Edited', { exact: true })).toBeVisible();

  // The company's average follows: three categories at 5 and three at 2 make 3.5.
  await page.goto(`/user/${company.user.id}`);
  await expect(page.getByText('(1 review)', { exact: true })).toBeVisible();
  await expect(page.getByText('3.5', { exact: true }).first()).toBeVisible();
  const onProfile = page.getByRole('article').filter({ hasText: 'then very well run.' });
  await expect(onProfile.getByText('Edited', { exact: true })).toBeVisible();

  await page.goto('/my-ratings?tab=given');
  await page.getByRole('button', { name: 'Withdraw your rating of Peepal Foods' }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw your rating of Peepal Foods?' });
  await confirm.getByRole('button', { name: 'Withdraw rating' }).click();
  await expect(page.getByText('Your rating was withdrawn', { exact: true })).toBeVisible();
  await expect(page.getByText('No ratings given yet')).toBeVisible();
  await page.goto(`/user/${company.user.id}`);
  await expect(page.getByText('No reviews yet')).toBeVisible();
  // The pair may rate again.
  await expect(page.getByRole('button', { name: /Rate/ }).first()).toBeVisible();
});

test('an employee disputes an employer’s rating; a moderator upholds it; both see the outcome', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const [employer] = await makeUsers(request, 1, () => ({
    role: 'employer',
    full_name: 'Sal Constructions',
  }));
  const [employee] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Disputing Dev' }));
  await rateViaApi(request, employer, employee.user.id, { score: 1, feedback: 'Stole from the site.' });

  await openAs(page, employee, '/my-ratings');
  const review = page.getByRole('article').filter({ hasText: 'Stole from the site.' });
  await review.getByRole('button', { name: /^Dispute/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Dispute this rating' });
  await expect(dialog.getByText(/the rating is not shown on your profile/)).toBeVisible();
  await dialog.getByRole('button', { name: 'File dispute' }).click();
  await expect(dialog.getByText(MSG.disputeReasonRequired)).toBeVisible();
  await dialog.getByRole('radio', { name: DISPUTE_REASON_LABELS.ALLEGES_CRIME }).check();
  await dialog.getByLabel('Explain what is wrong').fill('No theft was ever reported; I left on good terms.');
  await checkA11y('dispute dialog');
  await dialog.getByRole('button', { name: 'File dispute' }).click();
  await expect(page.getByText('Dispute filed', { exact: true })).toBeVisible();
  // Held back from the profile while open.
  await expect(page.getByText('No ratings received yet')).toBeVisible();
  await page.getByRole('tab', { name: 'My Disputes' }).click();
  const filed = page.getByRole('article').filter({ hasText: 'Stole from the site.' });
  await expect(filed.getByText('Open', { exact: true })).toBeVisible();
  await expect(filed.getByText(DISPUTE_REASON_LABELS.ALLEGES_CRIME)).toBeVisible();

  // The author sees it held back.
  await openAs(page, employer, '/my-ratings?tab=given');
  const held = page.getByRole('article').filter({ hasText: 'Stole from the site.' });
  await expect(held.getByText('Held back while disputed')).toBeVisible();

  await openAs(page, moderatorAccount, '/moderation?tab=disputes');
  const item = page.getByRole('article').filter({ hasText: 'Stole from the site.' });
  await expect(item.getByText('No theft was ever reported; I left on good terms.')).toBeVisible();
  await checkA11y('dispute queue');
  await item.getByRole('button', { name: 'Uphold' }).click();
  const uphold = page.getByRole('dialog', { name: 'Uphold the dispute' });
  await uphold.getByRole('button', { name: 'Uphold and hide' }).click();
  await expect(uphold.getByText(MSG.reasonRequired)).toBeVisible();
  await uphold.getByLabel('Reason').fill('An accusation of a crime with nothing to support it.');
  await uphold.getByRole('button', { name: 'Uphold and hide' }).click();
  await expect(page.getByText(MSG.disputeDecided, { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.getByRole('button', { name: 'Decided' }).click();
  await expect(item.getByText('An accusation of a crime with nothing to support it.')).toBeVisible();

  await openAs(page, employee, '/my-ratings?tab=disputes');
  const outcome = page.getByRole('article').filter({ hasText: 'Stole from the site.' });
  await expect(outcome.getByText('Upheld', { exact: true })).toBeVisible();
  await expect(outcome.getByText('Dispute upheld: the rating is hidden.')).toBeVisible();
  await expect(
    outcome.getByText("Moderators' reason: An accusation of a crime with nothing to support it."),
  ).toBeVisible();

  await openAs(page, employer, '/my-ratings?tab=given');
  const told = page.getByRole('article').filter({ hasText: 'Stole from the site.' });
  await expect(told.getByText('Dispute upheld: the rating is hidden.')).toBeVisible();
  await expect(
    told.getByText("Moderators' reason: An accusation of a crime with nothing to support it."),
  ).toBeVisible();
  await expect(told.getByText('Hidden by moderators', { exact: true })).toBeVisible();

  // Withdrawn after the upheld dispute, it cannot be replaced at once (DESIGN §9.1): the employee's
  // profile says from which day, and offers no rating form until then.
  await told.getByRole('button', { name: 'Withdraw your rating of Disputing Dev' }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw your rating of Disputing Dev?' });
  await expect(confirm.getByText(/you cannot rate Disputing Dev again for the next \d+ days/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Withdraw rating' }).click();
  await expect(page.getByText('Your rating was withdrawn', { exact: true })).toBeVisible();
  await page.goto(`/user/${employee.user.id}`);
  await expect(
    page.getByText(
      /^You withdrew your rating of Disputing Dev while it was under moderation\. You can rate Disputing Dev again on \d{1,2} \w{3} \d{4}\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Rate|Write a Review/ })).toHaveCount(0);
  await checkA11y('profile during the wait to rate again');
});

test('an author appeals a hidden rating on a phone; a moderator restores it', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const [company] = await makeUsers(request, 1, () => ({ role: 'employer', full_name: 'Mango Media' }));
  const [author] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Appealing Anu' }));
  const rating = await rateViaApi(request, author, company.user.id, {
    score: 3,
    feedback: 'Long hours at launch.',
  });
  const moderator = await apiLogin(request, moderatorAccount.email, moderatorAccount.password);
  const hidden = await request.post(`/api/moderation/ratings/${rating.id}/hide/`, {
    data: { reason: 'Looks like a copy of another review.' },
    headers: { authorization: `Bearer ${moderator.access}` },
  });
  expect(hidden.status()).toBe(200);

  await page.setViewportSize(PHONE);
  await openAs(page, author, '/my-ratings?tab=given');
  const mine = page.getByRole('article').filter({ hasText: 'Long hours at launch.' });
  await expect(mine.getByText('Reason: Looks like a copy of another review.')).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await mine.getByRole('button', { name: 'Appeal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Appeal the hiding of your rating' });
  await dialog.getByRole('button', { name: 'Send appeal' }).click();
  await expect(dialog.getByText(MSG.appealMessageRequired)).toBeVisible();
  await dialog.getByLabel('Your appeal').fill('I wrote it myself after two years there.');
  await checkA11y('appeal dialog on a phone');
  await dialog.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByText('Appeal sent', { exact: true })).toBeVisible();
  await expect(mine.getByText('Your appeal is with the moderators.')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Appeal' })).toHaveCount(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, moderatorAccount, '/moderation?tab=appeals');
  const item = page.getByRole('article').filter({ hasText: 'Long hours at launch.' });
  await expect(item.getByText('I wrote it myself after two years there.')).toBeVisible();
  await expect(item.getByText('Looks like a copy of another review.')).toBeVisible();
  await checkA11y('appeal queue');
  await item.getByRole('button', { name: 'Restore rating' }).click();
  const restore = page.getByRole('dialog', { name: 'Grant the appeal' });
  await restore.getByLabel('Reason').fill('Original wording; the author is a verified former employee.');
  await restore.getByRole('button', { name: 'Restore rating' }).click();
  await expect(page.getByText(MSG.ratingRestored, { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);

  await openAs(page, author, '/my-ratings?tab=given');
  const restored = page.getByRole('article').filter({ hasText: 'Long hours at launch.' });
  await expect(restored.getByText('Hidden by moderators', { exact: true })).toHaveCount(0);
  await expect(restored.getByRole('button', { name: /^Edit/ })).toBeVisible();
  await page.goto(`/user/${company.user.id}`);
  await expect(page.getByText('Long hours at launch.')).toBeVisible();
});
