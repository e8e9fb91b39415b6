// Journeys: edit the own profile with every validation message; change the password; the privacy
// toggle as another account sees it.
import { LIMITS, MSG } from '@workspace/contracts';
import { expect, test } from './fixtures';
import { makeUsers, openAs, rateViaApi } from './journeys-support';

test('an employee edits the profile and meets every rule of SPEC §5', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const [me] = await makeUsers(request, 1, () => ({
    role: 'employee',
    full_name: 'Deepa Iyer',
    city: 'Chennai',
    skills: Array.from({ length: 19 }, (_, i) => `Skill ${i + 1}`),
    work_history: Array.from({ length: 9 }, (_, i) => ({
      company: `Firm ${i + 1}`,
      position: 'Analyst',
      duration: `${i + 1} years`,
    })),
  }));
  await openAs(page, me, '/profile');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  await checkA11y('profile (view)');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  const save = form.getByRole('button', { name: 'Save Changes' });

  // Name, city and LinkedIn.
  await form.getByLabel('Full name').fill('D');
  await form.getByLabel('City').fill('C');
  await form.getByLabel('LinkedIn URL').fill('https://example.com/deepa');
  await save.click();
  await expect(form.getByText(MSG.fullNameMin)).toBeVisible();
  await expect(form.getByText(MSG.cityRequired)).toBeVisible();
  await expect(form.getByText(MSG.linkedinInvalid)).toBeVisible();
  await checkA11y('profile (edit, errors)');
  await form.getByLabel('Full name').fill('D'.repeat(LIMITS.fullNameMax + 1));
  await form.getByLabel('City').fill('C'.repeat(LIMITS.cityMax + 1));
  await save.click();
  await expect(form.getByText(MSG.fullNameMax)).toBeVisible();
  await expect(form.getByText(MSG.cityMax)).toBeVisible();

  // Skills: a duplicate, a long one, then the twentieth and one too many.
  const skill = form.getByLabel('Skills', { exact: true });
  await skill.fill('skill 4');
  await skill.press('Enter');
  await expect(form.getByText(MSG.skillDuplicate)).toBeVisible();
  await skill.fill('s'.repeat(LIMITS.skillMax + 1));
  await skill.press('Enter');
  await expect(form.getByText(MSG.skillMax)).toBeVisible();
  await skill.fill('Tableau');
  await skill.press('Enter');
  await expect(form.getByRole('button', { name: 'Remove Tableau' })).toBeVisible();
  await skill.fill('Power BI');
  await skill.press('Enter');
  await expect(form.getByText(MSG.skillsMax)).toBeVisible();

  // Work history: the tenth entry, then no more; each part has its limit.
  await form.getByRole('button', { name: 'Add experience' }).click();
  await expect(form.getByText(MSG.workHistoryMax)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add experience' })).toBeDisabled();
  await form.getByLabel('Company (experience 10)').fill('c'.repeat(LIMITS.companyMax + 1));
  await form.getByLabel('Position (experience 10)').fill('p'.repeat(LIMITS.positionMax + 1));
  await form.getByLabel('Duration (experience 10)').fill('d'.repeat(LIMITS.durationMax + 1));
  await save.click();
  await expect(form.getByText(MSG.companyMax)).toBeVisible();
  await expect(form.getByText(MSG.positionMax)).toBeVisible();
  await expect(form.getByText(MSG.durationMax)).toBeVisible();

  // Cancel forgets everything typed.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText('Deepa Iyer').first()).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(form.getByLabel('City')).toHaveValue('Chennai');
  await expect(form.getByRole('button', { name: 'Remove Tableau' })).toHaveCount(0);

  // A valid edit saves, returns to the view and says so for a moment.
  await form.getByLabel('Full name').fill('Deepa Iyer-Rao');
  await form.getByLabel('City').fill('Coimbatore');
  await form.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/deepa-iyer');
  await form.getByRole('button', { name: 'Remove experience 9' }).click();
  await save.click();
  await expect(page.getByText(MSG.profileUpdated)).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByText('Coimbatore')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://www.linkedin.com/in/deepa-iyer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // Shown for three seconds, then gone.
  await expect(page.getByText(MSG.profileUpdated)).toBeHidden({ timeout: 10_000 });
  const stored = await (
    await request.get('/api/auth/profile/', {
      headers: {
        authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('worktrust.access'))}`,
      },
    })
  ).json();
  expect(stored.full_name).toBe('Deepa Iyer-Rao');
  expect(stored.work_history).toHaveLength(8);
});

test('change password: a wrong old password is said beside the field; a right one works', async ({
  page,
  request,
  checkA11y,
}) => {
  const [me] = await makeUsers(request, 1, () => ({ role: 'employer' }));
  await openAs(page, me, '/profile');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText(MSG.oldPasswordRequired)).toBeVisible();
  await expect(form.getByText(MSG.passwordMin)).toBeVisible();

  await form.getByLabel('Old password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('brand-new-password-1');
  await form.getByLabel('Confirm new password').fill('brand-new-password-2');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText(MSG.passwordsDontMatch)).toBeVisible();

  await form.getByLabel('Confirm new password').fill('brand-new-password-1');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText(MSG.oldPasswordIncorrect)).toBeVisible();
  await expect(form.getByLabel('Old password')).toHaveAttribute('aria-invalid', 'true');
  await checkA11y('change password (error)');

  await form.getByLabel('Old password').fill(me.password);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText(MSG.passwordChanged)).toBeVisible();
  const login = await request.post('/api/auth/login/', {
    data: { email: me.email, password: 'brand-new-password-1' },
  });
  expect(login.status()).toBe(200);
});

test('privacy: hiding rating details, as another account sees it', async ({ page, request, checkA11y }) => {
  test.slow();
  const [employee] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Imran Qureshi' }));
  const [employer, viewer] = await makeUsers(request, 2, (i) => ({
    role: 'employer',
    full_name: i === 0 ? 'Banyan Logistics' : 'Peepal Retail',
  }));
  await rateViaApi(request, employer, employee.user.id, { score: 4, feedback: 'Dependable and calm.' });

  // Public by default: the viewer sees the review, the count and the statistics.
  await openAs(page, viewer, `/user/${employee.user.id}`);
  await expect(page.getByText('Dependable and calm.')).toBeVisible();
  await expect(page.getByText('(1 review)', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rating Statistics' })).toBeVisible();
  // Each category counts its reviews in the words the profile's own count uses.
  await expect(page.getByText('/5 (1 review)').first()).toBeVisible();

  // The employee makes the details private.
  await openAs(page, employee, '/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const box = page.getByRole('checkbox', { name: 'Public Details' });
  await expect(box).toBeChecked();
  await box.click();
  await expect(page.getByRole('checkbox', { name: 'Private Details' })).not.toBeChecked();
  await checkA11y('profile privacy (private)');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(MSG.profileUpdated)).toBeVisible();
  await expect(page.getByText('Private Details')).toBeVisible();
  // The owner still sees everything on their own public page.
  await page.goto(`/user/${employee.user.id}`);
  await expect(page.getByText('Dependable and calm.')).toBeVisible();

  // The viewer sees only the average.
  await openAs(page, viewer, `/user/${employee.user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Imran Qureshi' })).toBeVisible();
  await expect(page.getByText('This person keeps their rating details private')).toBeVisible();
  await expect(page.getByText('(reviews private)')).toBeVisible();
  await expect(page.getByText('4.0').first()).toBeVisible();
  await expect(page.getByText('Dependable and calm.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Rating Statistics' })).toHaveCount(0);
  await checkA11y('private profile seen by another account');

  // Public again.
  await openAs(page, employee, '/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('checkbox', { name: 'Private Details' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(MSG.profileUpdated)).toBeVisible();
  await openAs(page, viewer, `/user/${employee.user.id}`);
  await expect(page.getByText('Dependable and calm.')).toBeVisible();
});
