// The rating form's checks: the contracts' createRatingRequest through zod. Loaded when the form is
// first touched (lib/lazy-resolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { createRatingRequest } from '@workspace/contracts';

export const ratingChecks = zodResolver(createRatingRequest);
