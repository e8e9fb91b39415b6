// The sign-in form's checks: the contracts' loginRequest through zod. The form loads this module when
// it is first touched (lib/lazy-resolver.ts), so the page paints without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginRequest, loginRequest } from '@workspace/contracts';
import type { Resolver } from 'react-hook-form';

export const loginChecks: Resolver<LoginRequest> = zodResolver(loginRequest);
