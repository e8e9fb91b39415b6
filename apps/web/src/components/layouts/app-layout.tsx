// The frame of every page: skip link, navigation header (SPEC §2, both states and every role),
// the page, and the site footer.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OwnUser, UserRole } from '@workspace/contracts';
import { Menu, ShieldCheck, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { AccountButton } from './account-button';

interface NavItem {
  to: string;
  label: MessageDescriptor;
}

/** Shown with `i18n._(ROLE_LABELS[role])` (or `t(…)` from useLingui). */
export const ROLE_LABELS: Record<UserRole, MessageDescriptor> = {
  employee: msg`Employee`,
  employer: msg`Employer`,
  moderator: msg`Moderator`,
};

const ROLE_BADGE = { employee: 'secondary', employer: 'success', moderator: 'orange' } as const;

export function RoleBadge({ role, className }: { role: UserRole; className?: string }) {
  const { t } = useLingui();
  return (
    <Badge variant={ROLE_BADGE[role]} className={className}>
      {t(ROLE_LABELS[role])}
    </Badge>
  );
}

function navItems(user: OwnUser | null, signedIn: boolean): NavItem[] {
  const about = { to: paths.about.getHref(), label: msg`About Us` };
  if (!signedIn) return [about];
  const items: NavItem[] = [{ to: paths.dashboard.getHref(), label: msg`Dashboard` }];
  if (user?.user_role === 'employee') items.push({ to: paths.companies.getHref(), label: msg`Companies` });
  if (user?.user_role === 'employer') items.push({ to: paths.employees.getHref(), label: msg`Employees` });
  if (user?.user_role === 'moderator') items.push({ to: paths.moderation.getHref(), label: msg`Moderation` });
  if (user?.user_role !== 'moderator') items.push({ to: paths.myRatings.getHref(), label: msg`My Ratings` });
  items.push(about);
  return items;
}

const AccountMenu = lazy(() => import('./account-menu'));

/**
 * True once the browser is idle after `active` turned true. The account menu's code (Radix's dropdown,
 * about 34 KB) loads then rather than with the page, so it does not hold up the page's first paint;
 * a click on the avatar before that loads it at once.
 */
function useWhenIdle(active: boolean) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!active || idle) return;
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(id);
  }, [active, idle]);
  return idle;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 font-medium text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

function Header({ bell }: { bell?: ReactNode }) {
  const { t } = useLingui();
  const { status, user } = useSession();
  const signedIn = status === 'authenticated';
  const items = navItems(user, signedIn);
  const [menuOpen, setMenuOpen] = useState(false);
  // A click on the avatar before the account menu's code arrived: open the menu when it does.
  const [accountMenuWanted, setAccountMenuWanted] = useState(false);
  const accountMenuIdle = useWhenIdle(signedIn);
  const location = useLocation();

  // A followed link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // Escape closes it too, as it does a dialog, and gives focus back to its button; so does a language
  // chosen in it, whose page then shows whole in that language.
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, closeMenu]);

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4">
        <Link
          to={signedIn ? paths.dashboard.getHref() : paths.home.getHref()}
          className="flex items-center gap-2 rounded-md font-bold text-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <ShieldCheck aria-hidden className="size-6 text-primary" />
          WorkTrust
        </Link>
        <nav aria-label={t`Main`} className="ml-4 hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch className="hidden md:inline-flex" />
          {status === 'loading' ? (
            // Only a stored sign-in loads: keep the places of the bell and the account menu so nothing
            // moves when they come.
            <>
              {bell && <span aria-hidden className="size-9" />}
              <span aria-hidden className="size-9" />
            </>
          ) : signedIn ? (
            <>
              {user && <RoleBadge role={user.user_role} className="hidden sm:inline-flex" />}
              {bell}
              {accountMenuIdle || accountMenuWanted ? (
                <Suspense fallback={<AccountButton user={user} onClick={() => setAccountMenuWanted(true)} />}>
                  <AccountMenu user={user} defaultOpen={accountMenuWanted} />
                </Suspense>
              ) : (
                <AccountButton user={user} onClick={() => setAccountMenuWanted(true)} />
              )}
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.login.getHref()}>
                  <Trans>Sign In</Trans>
                </Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.register.getHref()}>
                  <Trans>Sign Up</Trans>
                </Link>
              </Button>
            </>
          )}
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-nav"
            aria-label={menuOpen ? t`Close menu` : t`Open menu`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-nav" aria-label={t`Main menu`} className="border-t bg-card px-4 py-2 md:hidden">
          <ul className="grid gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={(s) => cn(navLinkClass(s), 'block')}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
            {signedIn && user && (
              <li className="px-3 py-2">
                <RoleBadge role={user.user_role} />
              </li>
            )}
            <li>
              <LanguageSwitch className="px-3" onSwitch={closeMenu} />
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}

function Footer({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui();
  const link =
    'rounded-sm hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60';
  return (
    <footer className="mt-auto border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-muted-foreground text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-4 text-primary" />
          <Trans>WorkTrust: honest ratings for India's job market.</Trans>
        </p>
        <nav aria-label={t`Footer`}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            <li>
              <Link className={link} to={paths.about.getHref()}>
                <Trans>About Us</Trans>
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.howRatingsWork.getHref()}>
                <Trans>How ratings work</Trans>
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.contributors.getHref()}>
                <Trans>Contributors</Trans>
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.transparency.getHref()}>
                <Trans>Transparency</Trans>
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.privacy.getHref()}>
                <Trans>Privacy</Trans>
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.terms.getHref()}>
                <Trans>Terms</Trans>
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.grievance.getHref()}>
                <Trans>Grievances</Trans>
              </Link>
            </li>
            {!signedIn && (
              <>
                <li>
                  <Link className={link} to={paths.register.getHref()}>
                    <Trans>Sign Up</Trans>
                  </Link>
                </li>
                <li>
                  <Link className={link} to={paths.login.getHref()}>
                    <Trans>Sign In</Trans>
                  </Link>
                </li>
              </>
            )}
            <li>
              <LanguageSwitch className="-my-1.5 h-auto px-0 py-0 font-normal text-muted-foreground text-sm has-[>svg]:px-0" />
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** `wide` pages (the landing page) lay out their own full-width bands. */
export function AppLayout({
  children,
  wide = false,
  bell,
}: {
  children: ReactNode;
  wide?: boolean;
  /** The notifications bell, shown to a signed-in person (the app passes it: features are above this). */
  bell?: ReactNode;
}) {
  // While the session loads, pages show a spinner; a footer under it would be pushed down the screen
  // when the page arrives (a layout shift), so it comes with the page.
  const { status } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/60"
      >
        <Trans>Skip to content</Trans>
      </a>
      <Header bell={bell} />
      {/* At least a screen tall, so the footer starts below the first screen: a page (or its lazy
          chunk and catalog) arriving after the footer can then never push it across the screen. */}
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'min-h-[calc(100dvh-4rem)] w-full flex-1 outline-none',
          !wide && 'mx-auto max-w-6xl px-4 py-8',
        )}
      >
        {children}
      </main>
      {status !== 'loading' && <Footer signedIn={status === 'authenticated'} />}
    </div>
  );
}
