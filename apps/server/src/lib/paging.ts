// The list convention of DESIGN §3: 1-based page and page_size in, the envelope out. A page past the
// end is an empty list, not an error.
import { withFields } from './json-answer.ts';

export interface PageQuery {
  page: number;
  page_size: number;
}

/** The rows a page covers, for LIMIT/OFFSET. */
export interface Page {
  limit: number;
  offset: number;
}

export const pageWindow = (query: PageQuery): Page => ({
  limit: query.page_size,
  offset: (query.page - 1) * query.page_size,
});

export function listAnswer<T>(results: T[], totalCount: number, query: PageQuery) {
  return {
    results,
    total_count: totalCount,
    page: query.page,
    page_size: query.page_size,
    has_next: query.page * query.page_size < totalCount,
  };
}

/** An empty list answer, for lists the caller may not see. */
export const emptyList = (query: PageQuery) => listAnswer([], 0, query);

/** The list answer as JSON, from its results already encoded (cached answers, lib/json-answer.ts). */
export function listAnswerJson(results: readonly string[], totalCount: number, query: PageQuery) {
  const { results: _, ...envelope } = listAnswer([], totalCount, query);
  return withFields(`{"results":[${results.join(',')}]}`, envelope);
}
