// Every URL of the app in one place: `path` for the router (the contracts' WEB_PAGES, which the
// server knows too), `getHref` for links.
import { userPageHref, WEB_PAGES } from '@workspace/contracts';

/** Only same-site paths are followed after sign-in, so a crafted link cannot send a user away. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard') {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

/** The account page's "Notifications by mail" card, which the notifications page links to. */
export const MAIL_SETTINGS_ANCHOR = 'mail-settings';

export const paths = {
  home: { path: WEB_PAGES.home, getHref: () => '/' },
  about: { path: WEB_PAGES.about, getHref: () => '/about' },
  contributors: { path: WEB_PAGES.contributors, getHref: () => '/contributors' },
  howRatingsWork: { path: WEB_PAGES.howRatingsWork, getHref: () => '/how-ratings-work' },
  testProfile: { path: WEB_PAGES.testProfile, getHref: () => '/test-profile' },
  privacy: { path: WEB_PAGES.privacy, getHref: () => '/privacy' },
  terms: { path: WEB_PAGES.terms, getHref: () => '/terms' },
  grievance: { path: WEB_PAGES.grievance, getHref: () => '/grievance' },
  transparency: { path: WEB_PAGES.transparency, getHref: () => '/transparency' },
  login: {
    path: WEB_PAGES.login,
    getHref: (redirectTo?: string | null) =>
      redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login',
  },
  register: { path: WEB_PAGES.register, getHref: () => '/register' },
  forgotPassword: { path: WEB_PAGES.forgotPassword, getHref: () => '/forgot-password' },
  resetPassword: {
    path: WEB_PAGES.resetPassword,
    getHref: (email?: string) =>
      email ? `/reset-password?email=${encodeURIComponent(email)}` : '/reset-password',
  },
  dashboard: { path: WEB_PAGES.dashboard, getHref: () => '/dashboard' },
  companies: { path: WEB_PAGES.companies, getHref: () => '/companies' },
  employees: { path: WEB_PAGES.employees, getHref: () => '/employees' },
  user: { path: WEB_PAGES.user, getHref: userPageHref },
  profile: { path: WEB_PAGES.profile, getHref: () => '/profile' },
  myRatings: { path: WEB_PAGES.myRatings, getHref: () => '/my-ratings' },
  moderation: { path: WEB_PAGES.moderation, getHref: () => '/moderation' },
  notifications: { path: WEB_PAGES.notifications, getHref: () => '/notifications' },
  mailSettings: { path: WEB_PAGES.profile, getHref: () => `/profile#${MAIL_SETTINGS_ANCHOR}` },
} as const;
