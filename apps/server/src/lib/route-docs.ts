// OpenAPI pieces the routes of every module share: the bearer token and the error answers a route may give.
import { errorBody } from '@workspace/contracts';

export const bearerAuth = [{ bearerAuth: [] }];

/** Response schemas for the listed error statuses, all in DESIGN §3's error shape. */
export const errorAnswers = <S extends 400 | 401 | 403 | 404 | 429>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
