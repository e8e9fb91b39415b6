// /api/core/companies (for employees) and /api/core/employees (for employers): the searchable,
// filterable, sortable lists of active users of the opposite role.
import {
  CONTEXT_FOR_ROLE,
  type DirectoryItem,
  directoryQuery,
  directoryResponse,
  MSG,
} from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireRole, type Session, sessionOf } from '../../plugins/session.ts';
import { bearerAuth, errorAnswers } from '../core/openapi.ts';
import { listAnswer, pageWindow } from '../core/paging.ts';
import { canRate } from '../ratings/service.ts';
import { fromTenths } from '../users/serialize.ts';
import { type DirectoryFilter, type DirectoryRow, directoryCount, directoryRows } from './repository.ts';

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

function toItem(row: DirectoryRow, session: Session): DirectoryItem {
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
    can_rate: canRate(session, { id: row.id, role: row.userRole, isActive: row.isActive }, row.hasRated),
    user_has_rated: row.hasRated,
  };
}

export async function directoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  for (const directory of DIRECTORIES) {
    r.get(
      directory.path,
      {
        onRequest: requireRole([directory.viewer], directory.forbidden),
        schema: {
          tags: ['directory'],
          security: bearerAuth,
          summary: directory.summary,
          querystring: directoryQuery,
          response: { 200: directoryResponse, ...errorAnswers(400, 401, 403) },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const filter = filterOf(directory.listed, request.query);
        const viewer = { id: session.userId, context: CONTEXT_FOR_ROLE[directory.viewer] };
        const rows = await directoryRows(db, filter, request.query.sort, viewer, pageWindow(request.query));
        const total = rows[0]?.total ?? (await directoryCount(db, filter, request.query.sort));
        return listAnswer(
          rows.map((row) => toItem(row, session)),
          total,
          request.query,
        );
      },
    );
  }
}
