import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithI18n as render } from '@/testing/render';
import { DialogActions } from './dialog-actions';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('DialogActions', () => {
  it("submits the dialog's form, and Cancel does not", async () => {
    const events: string[] = [];
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          events.push('submit');
        }}
      >
        <DialogActions
          label="Send appeal"
          pendingLabel="Sending..."
          pending={false}
          onCancel={() => events.push('cancel')}
        />
      </form>,
    );
    const user = userEvent.setup();
    await user.click(button('Cancel'));
    await user.click(button('Send appeal'));
    expect(events).toEqual(['cancel', 'submit']);
  });

  it('runs its own action outside a form, without submitting one', async () => {
    const events: string[] = [];
    render(
      <form onSubmit={() => events.push('submit')}>
        <DialogActions
          label="Withdraw"
          pendingLabel="Working..."
          pending={false}
          onCancel={() => events.push('cancel')}
          onAction={() => events.push('action')}
          destructive
        />
      </form>,
    );
    await userEvent.setup().click(button('Withdraw'));
    expect(events).toEqual(['action']);
  });

  it('while pending, says so and lets neither button be pressed again', () => {
    render(<DialogActions label="File dispute" pendingLabel="Sending..." pending onCancel={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Sending...');
    expect(screen.queryByRole('button', { name: 'File dispute' })).toBeNull();
    const [cancel, action] = screen.getAllByRole('button') as HTMLButtonElement[];
    expect(cancel?.disabled).toBe(true);
    expect(action?.disabled).toBe(true);
  });

  it('keeps the action unavailable for its own reason, but Cancel available', () => {
    render(
      <DialogActions
        label="Close grievance"
        pendingLabel="Sending..."
        pending={false}
        onCancel={() => {}}
        disabled
      />,
    );
    expect(button('Close grievance').disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(false);
  });
});
