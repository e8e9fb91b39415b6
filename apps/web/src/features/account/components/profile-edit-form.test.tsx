// The profile edit rules and messages of SPEC §5, and a save against the real API.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LIMITS, MSG, type OwnUser } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { ProfileEditForm } from './profile-edit-form';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

async function setup(role: 'employee' | 'employer' = 'employee', user?: Partial<OwnUser>) {
  const account = await live.signUp({ user_role: role, full_name: 'Neha Kapoor', city: 'Jaipur' });
  live.signInPage(account);
  const saved: OwnUser[] = [];
  let cancelled = 0;
  const view = renderWithProviders(
    <ProfileEditForm
      user={{ ...account.user, ...user }}
      onSaved={(u) => saved.push(u)}
      onCancel={() => {
        cancelled += 1;
      }}
    />,
  );
  // The session's own profile request settles first, so no request is cut off when a test ends.
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  return { ...view, account, saved, cancelled: () => cancelled };
}

const save = () => screen.getByRole('button', { name: 'Save Changes' });
const setValue = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('ProfileEditForm', () => {
  it('shows each field rule of SPEC §5 beside its field', async () => {
    const { user, saved } = await setup();
    setValue('Full name', 'N');
    setValue('City', 'J');
    setValue('LinkedIn URL', 'https://example.com/neha');
    await user.click(save());
    expect(await screen.findByText(MSG.fullNameMin)).toBeTruthy();
    expect(screen.getByText(MSG.cityRequired)).toBeTruthy();
    expect(screen.getByText(MSG.linkedinInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');

    setValue('Full name', 'N'.repeat(LIMITS.fullNameMax + 1));
    setValue('City', 'C'.repeat(LIMITS.cityMax + 1));
    await user.click(save());
    expect(await screen.findByText(MSG.fullNameMax)).toBeTruthy();
    expect(screen.getByText(MSG.cityMax)).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('checks skills as they are added: duplicates, length and the limit of 20', async () => {
    const { user } = await setup('employee', {
      skills: Array.from({ length: 19 }, (_, i) => `Skill ${i + 1}`),
    });
    const skills = screen.getByLabelText('Skills');
    await user.type(skills, 'skill 3{Enter}');
    expect(screen.getByText(MSG.skillDuplicate)).toBeTruthy();
    await user.clear(skills);
    await user.type(skills, `${'x'.repeat(LIMITS.skillMax + 1)}{Enter}`);
    expect(screen.getByText(MSG.skillMax)).toBeTruthy();
    await user.clear(skills);
    await user.type(skills, 'Kotlin{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Kotlin' })).toBeTruthy();
    await user.type(skills, 'Swift{Enter}');
    expect(screen.getByText(MSG.skillsMax)).toBeTruthy();
  });

  it('stops at 10 work experiences and checks each part of an entry', async () => {
    const entries = Array.from({ length: 9 }, (_, i) => ({
      company: `Company ${i + 1}`,
      position: 'Engineer',
      duration: '1 year',
    }));
    const { user, saved } = await setup('employee', { work_history: entries });
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    expect(screen.getByText(MSG.workHistoryMax)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add experience' }) as HTMLButtonElement).disabled).toBe(true);

    setValue('Company (experience 10)', 'C'.repeat(LIMITS.companyMax + 1));
    setValue('Position (experience 10)', 'P'.repeat(LIMITS.positionMax + 1));
    setValue('Duration (experience 10)', 'D'.repeat(LIMITS.durationMax + 1));
    await user.click(save());
    expect(await screen.findByText(MSG.companyMax)).toBeTruthy();
    expect(screen.getByText(MSG.positionMax)).toBeTruthy();
    expect(screen.getByText(MSG.durationMax)).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it("labels the privacy checkbox 'Public Details' or 'Private Details' as it is ticked", async () => {
    const { user } = await setup('employer');
    const box = screen.getByRole('checkbox', { name: 'Public Details' });
    await user.click(box);
    expect(screen.getByRole('checkbox', { name: 'Private Details' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    // Employers have neither skills nor work history, and a company name, not a person's.
    expect(screen.queryByLabelText('Skills')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Work history' })).toBeNull();
    expect((screen.getByLabelText('Company name') as HTMLInputElement).value).toBe('Neha Kapoor');
  });

  it('saves through the API, dropping incomplete experiences, and hands back the stored user', async () => {
    const { user, saved, account, queryClient } = await setup();
    setValue('Full name', 'Neha K. Kapoor');
    setValue('LinkedIn URL', 'https://www.linkedin.com/in/neha-kapoor');
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    // Registered with one experience; the new one lacks a position and duration.
    setValue('Company (experience 2)', 'Zoho');
    await user.click(screen.getByRole('checkbox', { name: 'Public Details' }));
    await user.click(save());

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      id: account.user.id,
      full_name: 'Neha K. Kapoor',
      linkedin_url: 'https://www.linkedin.com/in/neha-kapoor',
      work_history: account.user.work_history,
      show_rating_details: false,
    });
    const stored = await live.call<OwnUser>('GET', '/api/auth/profile/', { token: account.access });
    expect(stored.body.full_name).toBe('Neha K. Kapoor');
    expect(stored.body.show_rating_details).toBe(false);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it('Cancel hands control back without saving', async () => {
    const { user, saved, cancelled } = await setup();
    setValue('City', 'Udaipur');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelled()).toBe(1);
    expect(saved).toEqual([]);
  });
});
