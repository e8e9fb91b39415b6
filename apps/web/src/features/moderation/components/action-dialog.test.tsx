import { fireEvent, screen } from '@testing-library/react';
import { LIMITS, MSG } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { describedBy } from '@/testing/described-by';
import { renderWithProviders } from '@/testing/render';
import type { ModerationAction } from '../api/moderate';
import { ActionDialog } from './action-dialog';

function open(reasonOptional = false, action: ModerationAction = reasonOptional ? 'dismiss' : 'hide') {
  return renderWithProviders(
    <ActionDialog
      action={action}
      targetId={3}
      trigger={<Button>Open</Button>}
      title="Hide this review"
      description="It leaves every list."
      confirmLabel="Hide Review"
      reasonOptional={reasonOptional}
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

  it('lets a flag be dismissed without a reason, but not with one too long', async () => {
    const { user } = open(true);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.change(await screen.findByLabelText('Reason (optional)'), {
      target: { value: 'x'.repeat(LIMITS.moderationReasonMax + 1) },
    });
    await user.click(screen.getByRole('button', { name: 'Hide Review' }));
    expect(await screen.findByText(MSG.tooLong)).toBeTruthy();
    expect(screen.queryByText(MSG.reasonRequired)).toBeNull();
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
    ];
    for (const [action, hint] of readers) {
      const dialog = open(false, action);
      await dialog.user.click(screen.getByRole('button', { name: 'Open' }));
      expect(describedBy(await screen.findByLabelText('Reason'))).toContain(hint);
      dialog.unmount();
    }

    // A dismissed flag's reason stays in the audit log.
    const kept = open(true);
    await kept.user.click(screen.getByRole('button', { name: 'Open' }));
    const hint = describedBy(await screen.findByLabelText('Reason (optional)'));
    expect(hint).toContain('Recorded in the audit log with your name.');
    expect(hint).not.toContain('reads it');
    expect(hint).not.toContain('read it');
  });
});
