// The header's avatar button. The same button is the account menu's trigger and, while the menu's
// code loads, stands in for it, so it is a button with its name from the first paint.
import { useLingui } from '@lingui/react/macro';
import type { OwnUser } from '@workspace/contracts';
import type { ComponentProps } from 'react';
import { UserAvatar } from '@/components/ui/avatar';

export function AccountButton({ user, ...props }: { user: OwnUser | null } & ComponentProps<'button'>) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      aria-label={t`Account menu`}
      aria-haspopup="menu"
      className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      {...props}
    >
      <UserAvatar name={user?.full_name ?? ''} src={user?.avatar} className="size-9" />
    </button>
  );
}
