// Rating queries. Each list is one index-backed query (see drizzle/0003) that brings the category
// scores of its page along, never a query per rating.
import type { EligibilityParty, RoleContext } from '@workspace/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { ratingScores, ratings, users } from '../../db/schema/index.ts';
import type { Page } from '../core/paging.ts';
import type { RatingRecord, ScoreEntry } from './serialize.ts';

/**
 * Order of every public list of received ratings: newest day first, and within a day public ratings
 * before anonymous ones by id, so an anonymous rating's position tells no more than its date does.
 * Mirrors the index ratings_public_received.
 */
const PUBLIC_ORDER = [
  sql`date_trunc('day', ${ratings.createdAt} at time zone 'UTC') desc`,
  sql`${ratings.isAnonymous} asc`,
  sql`${ratings.id} desc`,
];

const rater = alias(users, 'rater');
const ratee = alias(users, 'ratee');

async function selectRatings(db: Executor, where: SQL | undefined, order: SQL[], page: Page) {
  const rows: RatingRecord[] = await db
    .select({
      id: ratings.id,
      raterId: ratings.raterId,
      rateeId: ratings.rateeId,
      roleContext: ratings.roleContext,
      isAnonymous: ratings.isAnonymous,
      feedbackMessage: ratings.feedbackMessage,
      overallTenths: ratings.overallTenths,
      status: ratings.status,
      createdAt: ratings.createdAt,
      raterName: rater.fullName,
      rateeName: ratee.fullName,
      // The category scores in the same round trip (an index lookup per rating of the page): each
      // query costs the server more in driver and socket work than the lookups cost PostgreSQL.
      scores: sql<ScoreEntry[]>`coalesce((
        select json_agg(json_build_object('category', s.category, 'score', s.score))
        from rating_scores s where s.rating_id = ${ratings.id}), '[]'::json)`,
    })
    .from(ratings)
    .innerJoin(rater, eq(rater.id, ratings.raterId))
    .innerJoin(ratee, eq(ratee.id, ratings.rateeId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return rows;
}

/** Published ratings a user received, in public order. */
export function receivedPublished(db: Executor, userId: number, page: Page) {
  return selectRatings(
    db,
    and(eq(ratings.rateeId, userId), eq(ratings.status, 'published')),
    PUBLIC_ORDER,
    page,
  );
}

/** Every rating a user wrote, hidden ones included (only the rater sees this list). */
export function givenBy(db: Executor, raterId: number, page: Page) {
  return selectRatings(db, eq(ratings.raterId, raterId), [desc(ratings.createdAt), desc(ratings.id)], page);
}

export async function ratingById(db: Executor, id: number): Promise<RatingRecord | null> {
  const [record] = await selectRatings(db, eq(ratings.id, id), [], { limit: 1, offset: 0 });
  return record ?? null;
}

/** Published ratings a user received: the stored aggregate, exact at every commit. */
export async function countReceivedPublished(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: users.totalRatingsReceived }).from(users).where(eq(users.id, userId));
  return row?.n ?? 0;
}

export async function countGiven(db: Executor, raterId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ratings).where(eq(ratings.raterId, raterId));
  return row?.n ?? 0;
}

/** The would-be ratee as the eligibility rules need it; `lock` holds its row until the transaction ends. */
export async function findParty(
  db: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<EligibilityParty | null> {
  const query = db
    .select({ id: users.id, role: users.userRole, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/** Whether the rater has a rating of this ratee in this context, published or hidden. */
export async function hasRated(db: Executor, raterId: number, rateeId: number, context: RoleContext) {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.raterId, raterId), eq(ratings.rateeId, rateeId), eq(ratings.roleContext, context)))
    .limit(1);
  return row !== undefined;
}

export interface NewRating {
  raterId: number;
  rateeId: number;
  roleContext: RoleContext;
  isAnonymous: boolean;
  feedbackMessage: string | null;
  overallTenths: number;
  scores: ScoreEntry[];
}

/** Inserts the rating and its scores; the caller updates the aggregates in the same transaction. */
export async function insertRating(tx: Executor, input: NewRating): Promise<number> {
  const { scores, ...values } = input;
  const [row] = await tx.insert(ratings).values(values).returning({ id: ratings.id });
  if (!row) throw new Error('insert returned no row');
  await tx
    .insert(ratingScores)
    .values(scores.map((s) => ({ ratingId: row.id, category: s.category, score: s.score })));
  return row.id;
}
