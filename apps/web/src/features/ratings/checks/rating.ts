// The rating forms' checks: the contracts' createRatingRequest, ratingEditRequest and appealRequest
// through zod. Loaded when a form is first touched (lib/lazy-resolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { appealRequest, createRatingRequest, ratingEditRequest } from '@workspace/contracts';

export const ratingChecks = zodResolver(createRatingRequest);
export const ratingEditChecks = zodResolver(ratingEditRequest);
export const appealChecks = zodResolver(appealRequest);
