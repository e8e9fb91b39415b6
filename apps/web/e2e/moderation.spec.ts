// Journey: a reader flags a review; a moderator hides it; it leaves the profile and the average, its
// author sees it as removed, and the audit log records it. Also dismissing a flag and suspending.
import { FLAG_REASON_LABELS, MSG } from '@workspace/contracts';
import { expect, moderatorAccount, test } from './fixtures';
import { makeUsers, openAs, rateViaApi } from './journeys-support';

test('flag a review and moderate it', async ({ page, request, checkA11y }) => {
  test.slow();
  const [company] = await makeUsers(request, 1, () => ({ role: 'employer', full_name: 'Neem Textiles' }));
  const [troll, fair, reader] = await makeUsers(request, 3, (i) => ({
    role: 'employee',
    full_name: ['Troll Tiwari', 'Fair Fernandes', 'Reader Reddy'][i],
  }));
  await rateViaApi(request, troll, company.user.id, {
    score: 1,
    anonymous: true,
    feedback: 'Worst. Avoid these crooks.',
  });
  await rateViaApi(request, fair, company.user.id, { score: 5, feedback: 'Fair pay, kind people.' });

  // A reader flags the anonymous review.
  await openAs(page, reader, `/user/${company.user.id}`);
  await expect(page.getByText('(2 reviews)', { exact: true })).toBeVisible();
  const header = page
    .getByRole('heading', { level: 1, name: 'Neem Textiles' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(header.getByText('3.0', { exact: true })).toBeVisible();
  const review = page.getByRole('article').filter({ hasText: 'Worst. Avoid these crooks.' });
  await review.getByRole('button', { name: /Flag/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Flag this review' });
  await dialog.getByRole('button', { name: 'Flag Review' }).click();
  await expect(dialog.getByText('Please choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: FLAG_REASON_LABELS.OFFENSIVE }).check();
  await dialog.getByLabel('Details (optional)').fill('Calls the company crooks without any facts.');
  await checkA11y('flag dialog');
  await dialog.getByRole('button', { name: 'Flag Review' }).click();
  await expect(page.getByText('Review reported', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Once per rating: the button gives way to "Reported", and after a reload the dialog says on
  // opening that it was reported, with no form to fill in to be refused.
  await expect(review.getByText('Reported', { exact: true })).toBeVisible();
  await expect(review.getByRole('button', { name: /Flag/ })).toHaveCount(0);
  await page.reload();
  await review.getByRole('button', { name: /Flag/ }).click();
  await expect(dialog.getByText(/^You reported this review on .+\. You will be told/)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: FLAG_REASON_LABELS.SPAM })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(review.getByText('Reported', { exact: true })).toBeVisible();
  // No Flag on one's own review.
  await openAs(page, fair, `/user/${company.user.id}`);
  await expect(
    page.getByRole('article').filter({ hasText: 'Fair pay' }).getByRole('button', { name: /Flag/ }),
  ).toHaveCount(0);

  // The moderator's dashboard says what waits in each queue.
  await openAs(page, moderatorAccount, '/dashboard');
  const queues = page.getByRole('list', { name: 'Moderation queues' });
  const openFlags = queues.getByRole('link', { name: /Open Flags/ });
  await expect(openFlags).toHaveText(/Open Flags\s*[1-9]\d*/);
  await expect(queues.getByRole('link', { name: /Grievances/ })).toHaveAttribute(
    'href',
    '/moderation?tab=grievances',
  );
  await checkA11y('moderator dashboard');
  await page.screenshot({ path: test.info().outputPath('moderator-dashboard-desktop.png'), fullPage: true });

  // The moderator sees the flag with the rater revealed, and hides the rating.
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Moderation' })
    .click();
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  const item = page.getByRole('article').filter({ hasText: 'Worst. Avoid these crooks.' });
  await expect(item.getByText(FLAG_REASON_LABELS.OFFENSIVE)).toBeVisible();
  await expect(item.getByText('Calls the company crooks without any facts.')).toBeVisible();
  await expect(item.getByText('1 flag, 1 open')).toBeVisible();
  await expect(item.getByText(troll.email)).toBeVisible();
  await expect(item.getByRole('link', { name: 'Troll Tiwari' })).toBeVisible();
  await expect(item.getByText('Anonymous to others')).toBeVisible();
  await checkA11y('moderation queue');

  await item.getByRole('button', { name: 'Hide rating' }).click();
  const hide = page.getByRole('dialog', { name: 'Hide this rating' });
  await hide.getByRole('button', { name: 'Hide Rating' }).click();
  await expect(hide.getByText(MSG.reasonRequired)).toBeVisible();
  await hide.getByLabel('Reason').fill('Insults without facts');
  await checkA11y('hide dialog');
  await hide.getByRole('button', { name: 'Hide Rating' }).click();
  await expect(page.getByText(MSG.ratingHidden, { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);

  await page.getByRole('tab', { name: 'Resolved' }).click();
  const resolved = page.getByRole('article').filter({ hasText: 'Worst. Avoid these crooks.' });
  await expect(resolved.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(resolved.getByText('Actioned')).toBeVisible();
  await expect(resolved.getByRole('button', { name: 'Restore rating' })).toBeVisible();

  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Insults without facts' });
  await expect(row.getByText('Hid rating')).toBeVisible();
  await checkA11y('audit log');

  // Gone from the profile; the average is the remaining 5.0.
  await openAs(page, reader, `/user/${company.user.id}`);
  await expect(page.getByText('(1 review)', { exact: true })).toBeVisible();
  await expect(header.getByText('5.0', { exact: true })).toBeVisible();
  await expect(page.getByText('Worst. Avoid these crooks.')).toHaveCount(0);

  // Its author still sees it, marked as removed.
  await openAs(page, troll, '/my-ratings?tab=given');
  const mine = page.getByRole('article').filter({ hasText: 'Worst. Avoid these crooks.' });
  await expect(mine.getByText('Hidden by moderators', { exact: true })).toBeVisible();
  await checkA11y('my ratings with a removed rating');
});

test('a moderator dismisses a flag, and suspends and reinstates a rater', async ({ page, request }) => {
  test.slow();
  const [employee] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Ravi Flagged' }));
  const [rater, reporter] = await makeUsers(request, 2, (i) => ({
    role: 'employer',
    full_name: i === 0 ? 'Strict Sarees Ltd' : 'Reporting Rugs Ltd',
  }));
  await rateViaApi(request, rater, employee.user.id, { score: 2, feedback: 'Often late to stand-ups.' });
  await openAs(page, reporter, `/user/${employee.user.id}`);
  await page
    .getByRole('article')
    .filter({ hasText: 'Often late' })
    .getByRole('button', { name: /Flag/ })
    .click();
  await page.getByRole('radio', { name: FLAG_REASON_LABELS.OTHER }).check();
  await page.getByRole('button', { name: 'Flag Review' }).click();
  await expect(page.getByText('Review reported', { exact: true })).toBeVisible();

  await openAs(page, moderatorAccount, '/moderation');
  const item = page.getByRole('article').filter({ hasText: 'Often late to stand-ups.' });
  await item.getByRole('button', { name: /Dismiss flag by Reporting Rugs Ltd/ }).click();
  const dismiss = page.getByRole('dialog', { name: 'Dismiss this flag' });
  await expect(dismiss.getByText('Reporting Rugs Ltd is told why')).toBeVisible();
  await dismiss.getByRole('button', { name: 'Dismiss Flag' }).click();
  await expect(dismiss.getByText(MSG.reasonRequired)).toBeVisible();
  await dismiss.getByLabel('Reason').fill('A fair account of the work');
  await dismiss.getByRole('button', { name: 'Dismiss Flag' }).click();
  await expect(page.getByText(MSG.flagDismissed, { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);

  await page.getByRole('tab', { name: 'Resolved' }).click();
  const resolved = page.getByRole('article').filter({ hasText: 'Often late to stand-ups.' });
  await expect(resolved.getByText('Dismissed', { exact: true })).toBeVisible();
  // What the reporter was told, on the flag.
  await expect(resolved.getByText('Dismissed: A fair account of the work')).toBeVisible();
  await expect(resolved.getByText('Published')).toBeVisible();

  await resolved.getByRole('button', { name: 'Suspend rater' }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspend Strict Sarees Ltd' });
  await suspend.getByLabel('Reason').fill('Repeated unfair reviews');
  await suspend.getByRole('button', { name: 'Suspend User' }).click();
  await expect(page.getByText(MSG.userSuspended, { exact: true })).toBeVisible();
  await expect(resolved.getByText('Hidden', { exact: true })).toBeVisible();
  // Only the action that applies is offered: a suspended rater can be reinstated, not suspended again.
  await expect(resolved.getByRole('button', { name: 'Suspend rater' })).toHaveCount(0);

  await resolved.getByRole('button', { name: 'Reinstate rater' }).click();
  const reinstate = page.getByRole('dialog', { name: 'Reinstate Strict Sarees Ltd' });
  await reinstate.getByLabel('Reason').fill('Appeal accepted');
  await reinstate.getByRole('button', { name: 'Reinstate User' }).click();
  await expect(page.getByText(MSG.userReinstated, { exact: true })).toBeVisible();
  await expect(resolved.getByText('Published')).toBeVisible();

  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const suspension = page.getByRole('row').filter({ hasText: 'Repeated unfair reviews' });
  await expect(suspension.getByText('Suspended user')).toBeVisible();
  // Who it was about, by name, not only by number.
  await expect(suspension.getByText(/^Strict Sarees Ltd · User #\d+$/)).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'Appeal accepted' }).getByText('Reinstated user'),
  ).toBeVisible();

  // The reporter hears what came of the report, with the reason, and finds the page again (ADR 0034).
  await openAs(page, reporter, '/notifications');
  const told = page.getByRole('listitem').filter({
    hasText: "Moderators read your report about a rating on Ravi Flagged's profile (Something else)",
  });
  await expect(told.getByText('Reason: A fair account of the work')).toBeVisible();
  await expect(told.getByRole('link', { name: /Write to the Grievance Officer/ })).toHaveAttribute(
    'href',
    '/grievance',
  );
  await told.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${employee.user.id}$`));
  await expect(page.getByText('Often late to stand-ups.')).toBeVisible();
});
