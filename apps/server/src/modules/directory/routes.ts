// /api/core/companies (for employees) and /api/core/employees (for employers): the searchable,
// filterable, sortable lists of active users of the opposite role.
import {
  CONTEXT_FOR_ROLE,
  directoryItem,
  directoryQuery,
  directoryResponse,
  MSG,
  type UserRole,
} from '@workspace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { encodeJson, sendJson, withFields } from '../../lib/json-answer.ts';
import { listAnswerJson, pageWindow } from '../../lib/paging.ts';
import { bearerAuth, errorAnswers } from '../../lib/route-docs.ts';
import { sizeOfParts } from '../../lib/view-cache.ts';
import { requireRole, type Session, sessionOf } from '../../plugins/session.ts';
import { canRate } from '../ratings/eligibility.ts';
import { fromTenths } from '../users/serialize.ts';
import { type DirectoryFilter, type DirectoryRow, listDirectory, type Viewer } from './repository.ts';
import { searchDirectory } from './search.ts';

const DIRECTORIES = [
  {
    path: '/companies',
    viewer: 'employee',
    listed: 'employer',
    forbidden: MSG.onlyEmployees,
    summary: 'Companies, for employees: search, filter by city and rating, sort',
  },
  {
    path: '/employees',
    viewer: 'employer',
    listed: 'employee',
    forbidden: MSG.onlyEmployers,
    summary: 'Employees, for employers: search, filter by city, rating and skills, sort',
  },
] as const;

type Query = z.output<typeof directoryQuery>;

/** 'React, node.js ,,react' -> ['react', 'node.js']. */
const skillList = (skills: string) => [
  ...new Set(
    skills
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  ),
];

function filterOf(listed: DirectoryFilter['role'], query: Query): DirectoryFilter {
  return {
    role: listed,
    search: query.search || undefined,
    city: query.city || undefined,
    // An average of at least 3.25 stars means at least 33 tenths (averages are stored in tenths).
    minTenths:
      query.min_rating === undefined ? undefined : Math.ceil(Number((query.min_rating * 10).toFixed(6))),
    // Only employees have skills; the company list ignores the parameter.
    skills: listed === 'employee' && query.skills ? skillList(query.skills) : undefined,
  };
}

/** A listed user as every caller sees them: the item without the caller's own two fields. */
const sharedItem = directoryItem.omit({ can_rate: true, user_has_rated: true });
type SharedItem = z.output<typeof sharedItem>;

/** A page as every caller sees it: its users' ids and their items as JSON, and the list's total. */
interface SharedPage {
  ids: number[];
  items: string[];
  /** At most SEARCH_RESULT_CAP for a search or a list counted up to it. */
  total: number;
  /** More matched than SEARCH_RESULT_CAP (or a search's count stopped early: a lower bound). */
  capped: boolean;
}

function sharedItemOf(row: DirectoryRow): SharedItem {
  return {
    id: row.id,
    user_code: row.userCode,
    full_name: row.fullName,
    city: row.city,
    avatar: row.avatar,
    user_role: row.userRole,
    rating_received: fromTenths(row.ratingTenths),
    total_ratings_received: row.showRatingDetails ? row.totalRatingsReceived : null,
    ...(row.userRole === 'employee' && { skills: row.skills }),
  };
}

/** The page as JSON for this caller: each item gets whether they rated that user and may rate them. */
function pageJson(
  page: SharedPage,
  listed: UserRole,
  session: Session,
  rated: ReadonlySet<number>,
  query: Query,
) {
  const items = page.items.map((item, i) => {
    const id = page.ids[i] as number;
    const hasRated = rated.has(id);
    // Listed users are active: whether the caller may rate one depends on roles and hasRated alone.
    const canRateNow = canRate(session, { id, role: listed, isActive: true }, hasRated);
    return withFields(item, { can_rate: canRateNow, user_has_rated: hasRated });
  });
  return withFields(listAnswerJson(items, page.total, query), { total_capped: page.capped });
}

/** The page's key: the list and its query string as sent (the same string always validates alike). */
function pageKey(path: string, request: FastifyRequest) {
  const query = request.url.indexOf('?');
  return `directory:${path}:${query < 0 ? '' : request.url.slice(query + 1)}`;
}

/**
 * A page of the list with its total as answered: a search's (its statements are written for generic
 * plans, search.ts) or the list's (repository.ts).
 */
function listPage(
  database: Pick<Database, 'db' | 'generic'>,
  filter: DirectoryFilter,
  query: Query,
  viewer: Viewer,
) {
  const window = pageWindow(query);
  return filter.search
    ? searchDirectory(database.generic, filter, query.sort, viewer, window)
    : listDirectory(database, filter, query.sort, viewer, window);
}

export async function directoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { viewCache } = app.deps;
  // Each request's page key, and the cached page whose users' ratings by the caller were read with
  // the session (the session read runs first, for every request of these routes).
  const peeked = new WeakMap<FastifyRequest, { key: string; page?: SharedPage }>();

  for (const directory of DIRECTORIES) {
    r.get(
      directory.path,
      {
        onRequest: requireRole([directory.viewer], directory.forbidden),
        // With the cache off there is no page to check: the session reads nothing more.
        config: viewCache.enabled
          ? {
              sessionReads: {
                directory: (request) => {
                  const key = pageKey(directory.path, request);
                  const page = viewCache.peek<SharedPage>(key)?.value;
                  peeked.set(request, { key, page });
                  return page?.ids ?? [];
                },
              },
            }
          : {},
        schema: {
          tags: ['directory'],
          security: bearerAuth,
          summary: directory.summary,
          querystring: directoryQuery,
          response: { 200: directoryResponse, ...errorAnswers(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const version = session.directoryVersion ?? 0;
        const { key, page: checked } = peeked.get(request) ?? { key: pageKey(directory.path, request) };
        // A hit only for the very page whose users the session read checked.
        const cached = viewCache.get<SharedPage>(key, version, app.reads.wroteLately(request));
        if (cached && cached === checked) {
          const json = pageJson(
            cached,
            directory.listed,
            session,
            session.ratedAmong ?? new Set(),
            request.query,
          );
          return sendJson(reply, json);
        }
        const filter = filterOf(directory.listed, request.query);
        const viewer = { id: session.userId, context: CONTEXT_FOR_ROLE[directory.viewer] };
        // Order and aggregates may be a few seconds old (DESIGN §9.2): a replica's, unless the caller
        // wrote lately.
        const reads = app.reads.staleReads(request);
        const { rows, total, capped } = await listPage(reads, filter, request.query, viewer);
        const page: SharedPage = {
          ids: rows.map((row) => row.id),
          items: rows.map((row) => encodeJson(sharedItem, sharedItemOf(row))),
          total,
          capped,
        };
        viewCache.set(key, version, page, sizeOfParts(page.items), reads.freshUntil);
        const rated = new Set(rows.filter((row) => row.hasRated).map((row) => row.id));
        return sendJson(reply, pageJson(page, directory.listed, session, rated, request.query));
      },
    );
  }
}
