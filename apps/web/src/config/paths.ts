// Every URL of the app in one place: `path` for the router, `getHref` for links.

/** Only same-site paths are followed after sign-in, so a crafted link cannot send a user away. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard') {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  about: { path: '/about', getHref: () => '/about' },
  contributors: { path: '/contributors', getHref: () => '/contributors' },
  howRatingsWork: { path: '/how-ratings-work', getHref: () => '/how-ratings-work' },
  testProfile: { path: '/test-profile', getHref: () => '/test-profile' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  grievance: { path: '/grievance', getHref: () => '/grievance' },
  transparency: { path: '/transparency', getHref: () => '/transparency' },
  login: {
    path: '/login',
    getHref: (redirectTo?: string | null) =>
      redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login',
  },
  register: { path: '/register', getHref: () => '/register' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    getHref: (email?: string) =>
      email ? `/reset-password?email=${encodeURIComponent(email)}` : '/reset-password',
  },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  companies: { path: '/companies', getHref: () => '/companies' },
  employees: { path: '/employees', getHref: () => '/employees' },
  user: { path: '/user/:userId', getHref: (userId: number | string) => `/user/${userId}` },
  profile: { path: '/profile', getHref: () => '/profile' },
  myRatings: { path: '/my-ratings', getHref: () => '/my-ratings' },
  moderation: { path: '/moderation', getHref: () => '/moderation' },
} as const;
