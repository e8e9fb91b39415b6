// The avatar menu of the header: Profile and Sign Out (sign-out returns to the landing page).
import { Trans, useLingui } from '@lingui/react/macro';
import type { OwnUser } from '@workspace/contracts';
import { LogOut, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

// Loaded only for signed-in users, so visitors do not download the menu machinery.
export default function AccountMenu({ user }: { user: OwnUser | null }) {
  const { t } = useLingui();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const name = user?.full_name ?? t`Account`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={t`Account menu`}
          className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <UserAvatar name={name} src={user?.avatar} className="size-9" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {user && (
          <>
            <DropdownMenuLabel>
              <span className="block font-medium">{user.full_name}</span>
              <span className="block truncate text-muted-foreground text-xs">{user.email}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem asChild>
          <Link to={paths.profile.getHref()}>
            <User aria-hidden />
            <Trans>Profile</Trans>
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            signOut();
            navigate(paths.home.getHref());
          }}
        >
          <LogOut aria-hidden />
          <Trans>Sign Out</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
