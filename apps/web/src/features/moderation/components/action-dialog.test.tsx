import { fireEvent, screen } from '@testing-library/react';
import { LIMITS, MSG } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { describedBy } from '@/testing/described-by';
import { renderWithProviders } from '@/testing/render';
import type { ModerationAction } from '../api/moderate';
import { ActionDialog } from './action-dialog';

function open(action: ModerationAction = 'hide') {
  return renderWithProviders(
    <ActionDialog
      action={action}
      targetId={3}
      trigger={<Button>Open</Button>}
      title="Hide this review"
      description="It leaves every list."
      confirmLabel="Hide Review"
    />,
  );
}

describe('ActionDialog', () => {
  it("requires a reason of at most the contracts' length, with the contracts' messages", async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Hide Review' }));
    expect(await screen.findByText(MSG.reasonRequired)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Reason'), {
      target: { value: 'x'.repeat(LIMITS.moderationReasonMax + 1) },
    });
    await user.click(screen.getByRole('button', { name: 'Hide Review' }));
    expect(await screen.findByText(MSG.tooLong)).toBeTruthy();
  });

  it('asks a reason to dismiss a flag too: its reporter is told it (ADR 0034)', async () => {
    const { user } = open('dismiss');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Hide Review' }));
    expect(await screen.findByText(MSG.reasonRequired)).toBeTruthy();
  });

  it('says who reads a reason as written, and what it must not tell them', async () => {
    const readers: [ModerationAction, string][] = [
      ['hide', 'The author reads it as written: do not name who reported the rating.'],
      [
        'rejectDispute',
        'Both parties read it as written: say nothing that could tell who wrote an anonymous rating.',
      ],
      [
        'hideReply',
        "The reply's author reads it as written: say nothing that could tell who wrote an anonymous rating.",
      ],
      ['suspend', 'The person reads it as written when they next sign in: do not name who reported them.'],
      [
        'dismiss',
        'Whoever reported the rating reads it as written: say nothing that could tell who wrote an anonymous rating.',
      ],
    ];
    for (const [action, hint] of readers) {
      const dialog = open(action);
      await dialog.user.click(screen.getByRole('button', { name: 'Open' }));
      expect(describedBy(await screen.findByLabelText('Reason'))).toContain(hint);
      dialog.unmount();
    }

    // A reinstatement's reason stays in the audit log.
    const kept = open('reinstate');
    await kept.user.click(screen.getByRole('button', { name: 'Open' }));
    const hint = describedBy(await screen.findByLabelText('Reason'));
    expect(hint).toContain('Recorded in the audit log with your name.');
    expect(hint).not.toContain('reads it');
    expect(hint).not.toContain('read it');
  });
});
