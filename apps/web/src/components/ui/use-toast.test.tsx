import { act, screen } from '@testing-library/react';
import { TOAST_LIMIT } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithI18n as render } from '@/testing/render';
import { Toaster } from './toaster';
import { toast } from './use-toast';

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the old', async () => {
    expect(TOAST_LIMIT).toBe(1);
    render(<Toaster />);
    act(() => {
      toast({ title: 'First notice' });
    });
    expect(await screen.findByText('First notice')).toBeTruthy();
    act(() => {
      toast({ title: 'Second notice', variant: 'success' });
    });
    expect(await screen.findByText('Second notice')).toBeTruthy();
    expect(screen.queryByText('First notice')).toBeNull();
  });
});
