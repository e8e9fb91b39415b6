import { fireEvent, screen } from '@testing-library/react';
import { LIMITS, MSG } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { renderWithProviders } from '@/testing/render';
import { ActionDialog } from './action-dialog';

function open(reasonOptional = false) {
  return renderWithProviders(
    <ActionDialog
      action={reasonOptional ? 'dismiss' : 'hide'}
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

  it('warns that a reason shown to the people concerned must name no one', async () => {
    // What a screen reader reads with the box: its description.
    const hintOf = (box: HTMLElement) =>
      (box.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const shown = open();
    await shown.user.click(screen.getByRole('button', { name: 'Open' }));
    expect(hintOf(await screen.findByLabelText('Reason'))).toContain(
      'shown as written: name no one, neither who wrote the rating nor who reported it.',
    );
    shown.unmount();

    // A dismissed flag's reason stays in the audit log.
    const kept = open(true);
    await kept.user.click(screen.getByRole('button', { name: 'Open' }));
    const hint = hintOf(await screen.findByLabelText('Reason (optional)'));
    expect(hint).toContain('Recorded in the audit log with your name.');
    expect(hint).not.toContain('name no one');
  });
});
