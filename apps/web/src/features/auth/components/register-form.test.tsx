import { screen } from '@testing-library/react';
import { LIMITS, MSG } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { RegisterForm, type RegisterFormValues, toRegisterPayload } from './register-form';

const noop = () => {};

const base: RegisterFormValues = {
  email: 'asha@example.com',
  full_name: 'Asha Kulkarni',
  password: 'a-long-password',
  password_confirm: 'a-long-password',
  user_role: 'employee',
  city: 'Nagpur',
  linkedin_url: '',
  skills: ['SQL'],
  work_history: [
    { company: 'Tata Steel', position: 'Analyst', duration: '2020 - 2023' },
    { company: 'Incomplete Co', position: '', duration: '2019' },
    { company: '  ', position: 'Intern', duration: '2018' },
  ],
};

describe('RegisterForm rules', () => {
  it('shows every field message of SPEC §5 beside its field', async () => {
    const { user } = renderWithProviders(<RegisterForm onSuccess={noop} />);
    await user.type(screen.getByLabelText('Full name'), 'A');
    await user.type(screen.getByLabelText('Email'), 'asha@');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('City'), 'X');
    await user.type(screen.getByLabelText('LinkedIn URL (optional)'), 'https://example.com/asha');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(MSG.fullNameMin)).toBeTruthy();
    expect(screen.getByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.passwordMin)).toBeTruthy();
    expect(screen.getByText(MSG.cityRequired)).toBeTruthy();
    expect(screen.getByText(MSG.linkedinInvalid)).toBeTruthy();
  });

  it("says the passwords don't match once the rest is valid", async () => {
    const { user } = renderWithProviders(<RegisterForm onSuccess={noop} />);
    await user.type(screen.getByLabelText('Full name'), 'Asha Kulkarni');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm password'), 'another-password');
    await user.type(screen.getByLabelText('City'), 'Nagpur');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(MSG.passwordsDontMatch)).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
  });

  it('defaults to employee and offers skills and work history to employees only', async () => {
    const { user } = renderWithProviders(<RegisterForm onSuccess={noop} />);
    expect(screen.getByRole('radio', { name: /Employee/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText('Skills')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Work history' })).toBeTruthy();
    const linkedin = () => screen.getByLabelText('LinkedIn URL (optional)').getAttribute('placeholder');
    expect(linkedin()).toBe('https://www.linkedin.com/in/your-name');

    await user.click(screen.getByRole('radio', { name: /Employer/ }));

    expect(screen.queryByLabelText('Skills')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Work history' })).toBeNull();
    // A company is asked for its name, not a person's.
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByLabelText('Company name').getAttribute('autocomplete')).toBe('organization');
    // And shown a company's LinkedIn page as the example, not a person's.
    expect(linkedin()).toBe('https://www.linkedin.com/company/your-company');
  });

  it('adds and removes skill chips, refusing duplicates, long skills and more than 20', async () => {
    const { user } = renderWithProviders(<RegisterForm onSuccess={noop} />);
    const input = screen.getByLabelText('Skills');
    await user.type(input, 'React{Enter}');
    const removeButtons = () => screen.queryAllByRole('button', { name: /^Remove (?!experience)/ });
    expect(screen.getByRole('button', { name: 'Remove React' })).toBeTruthy();

    await user.type(input, 'react{Enter}');
    expect(screen.getByText(MSG.skillDuplicate)).toBeTruthy();
    await user.clear(input);

    await user.type(input, `${'x'.repeat(LIMITS.skillMax + 1)}{Enter}`);
    expect(screen.getByText(MSG.skillMax)).toBeTruthy();
    await user.clear(input);

    for (let i = 2; i <= LIMITS.skillsMax; i += 1) await user.type(input, `Skill ${i}{Enter}`);
    expect(removeButtons()).toHaveLength(LIMITS.skillsMax);
    await user.type(input, 'One too many{Enter}');
    expect(screen.getByText(MSG.skillsMax)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove React' }));
    expect(screen.queryByRole('button', { name: 'Remove React' })).toBeNull();
    expect(removeButtons()).toHaveLength(LIMITS.skillsMax - 1);
  });

  it('allows at most 10 work experiences', async () => {
    const { user } = renderWithProviders(<RegisterForm onSuccess={noop} />);
    const add = screen.getByRole('button', { name: 'Add experience' });
    for (let i = 0; i < LIMITS.workHistoryMax; i += 1) await user.click(add);
    expect(screen.getAllByLabelText(/^Company/)).toHaveLength(LIMITS.workHistoryMax);
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(MSG.workHistoryMax)).toBeTruthy();
  });
});

describe('toRegisterPayload', () => {
  it('drops work entries lacking company, position or duration', () => {
    expect(toRegisterPayload(base).work_history).toEqual([
      { company: 'Tata Steel', position: 'Analyst', duration: '2020 - 2023' },
    ]);
  });

  it('sends skills and work history for employees only', () => {
    const payload = toRegisterPayload({ ...base, user_role: 'employer' });
    expect(payload).not.toHaveProperty('skills');
    expect(payload).not.toHaveProperty('work_history');
    expect(payload.user_role).toBe('employer');
  });
});
