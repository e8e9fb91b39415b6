// "Notifications by mail" against the real API: each role is offered the kinds of mail it can be sent,
// so an employer is not asked about a work email's verification, which only employees make.
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { NotificationSettingsCard } from './notification-settings-card';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('offers an employee the mail of a verified work email, and an employer not', async () => {
  const employee = await live.signUp({ user_role: 'employee' });
  live.signInPage(employee);
  const asEmployee = renderWithProviders(<NotificationSettingsCard userRole="employee" />);
  expect(await screen.findByLabelText('Your work email verified')).toBeTruthy();
  expect(screen.getByLabelText('Someone rated you')).toBeTruthy();
  asEmployee.unmount();

  const employer = await live.signUp({ user_role: 'employer' });
  live.signInPage(employer);
  renderWithProviders(<NotificationSettingsCard userRole="employer" />);
  expect(await screen.findByLabelText('Someone rated you')).toBeTruthy();
  expect(screen.queryByLabelText('Your work email verified')).toBeNull();
});
