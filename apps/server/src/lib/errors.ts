// The one way routes and services report a client error: throw an HttpError; the error handler
// turns it into DESIGN §3's body. Anything else that escapes is a 500 with no details.
import { MSG } from '@workspace/contracts';

export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: string;
  readonly errors?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  /** A moderator's reason, when the refusal follows from one (a suspension): its owner reads it. */
  reason?: string;

  constructor(
    statusCode: number,
    detail: string,
    errors?: Record<string, string[]>,
    headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.detail = detail;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail: string = MSG.tokenInvalid) => new HttpError(401, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail: string = MSG.notFound) => new HttpError(404, detail);
/**
 * A suspended account's owner, who has just proved their password: told so, with the reason the
 * moderator wrote (REASON_READ_BY), so that an appeal through the grievance form can answer it.
 */
export function accountSuspended(reason: string | null): HttpError {
  const error = new HttpError(403, MSG.accountSuspended);
  if (reason) error.reason = reason;
  return error;
}
/** A rate limit's refusal: 429, the limits' message, and when to try again. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, MSG.tooManyRequests, undefined, { 'retry-after': String(retryAfterSeconds) });
