// The avatar menu of the header: Profile and Sign Out (sign-out returns to the landing page).
import { Trans } from '@lingui/react/macro';
import type { OwnUser } from '@workspace/contracts';
import { LogOut, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
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
import { AccountButton } from './account-button';

// Loaded only for signed-in users, so visitors do not download the menu machinery. `defaultOpen`:
// the avatar was clicked before this code arrived, so the menu opens as it mounts.
export default function AccountMenu({ user, defaultOpen }: { user: OwnUser | null; defaultOpen?: boolean }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
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
