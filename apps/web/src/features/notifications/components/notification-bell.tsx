// The bell in the header (DESIGN §9.3): a link to the Notifications page with the unread number, on
// a phone and a desktop. Its name says the number to screen readers.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useNotifications } from '../api/notifications';

export function NotificationBell() {
  const { t } = useLingui();
  const unread = useNotifications(1).data?.unread ?? 0;
  const label =
    unread > 0
      ? plural(unread, { one: 'Notifications, # unread', other: 'Notifications, # unread' })
      : t`Notifications`;
  return (
    <NavLink
      to={paths.notifications.getHref()}
      aria-label={label}
      title={label}
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-9 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
          isActive && 'bg-accent',
        )
      }
    >
      <Bell aria-hidden className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center font-semibold text-[11px] text-white leading-5"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
