// Rating queries. Each list is one index-backed query (see drizzle/0003) that brings the category
// scores of its page along, never a query per rating.
import {
  type EligibilityParty,
  NOTIFICATION_LINKS,
  type RoleContext,
  type UserRole,
} from '@workspace/contracts';
import { and, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.ts';
import { dayIn } from '../../db/days.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Bound, preparedRaw, preparedStatements } from '../../db/prepared.ts';
import {
  flags,
  type RatingScores,
  ratingAppeals,
  ratingDisputes,
  ratings,
  users,
} from '../../db/schema/index.ts';
import type { Page } from '../../lib/paging.ts';
import { notificationInsert } from '../notifications/repository.ts';
import { touchUsers } from '../users/repository.ts';
import { applyRatings, averageTenths, rankScore, starOf, withCategoryScores } from './aggregates.ts';
import { bandsToStore, closestTextsQuery, type Match } from './copied-text.ts';
import type {
  DisputeEntry,
  HeldEditEntry,
  ModerationEntry,
  RatingRecord,
  ReplyEntry,
  ScoreEntry,
} from './serialize.ts';
import {
  type BurstCounts,
  burstOrNull,
  raterIsFresh,
  usualCounts,
  windowCounts,
} from './unusual-activity.ts';

/**
 * Order of every public list of received ratings: newest day first (India's, db/days.ts), and within a day public ratings
 * before anonymous ones, so an anonymous rating's position tells no more than its date does. Public
 * ratings (which show their time) then go newest first; anonymous ones by their id, which is random
 * (ADR 0016), so not even their order among themselves follows time. Mirrors the index
 * ratings_public_received (drizzle/0044).
 */
const PUBLIC_ORDER = [
  sql`${dayIn(ratings.createdAt)} desc`,
  sql`${ratings.isAnonymous} asc`,
  sql`(case when ${ratings.isAnonymous} then null else ${ratings.createdAt} end) desc`,
  sql`${ratings.id} desc`,
];

/**
 * Written as a literal, not a bound parameter: only then does a prepared statement's generic plan
 * match the partial index ratings_public_received (WHERE status = 'published'). With a parameter,
 * PostgreSQL must plan every execution afresh for its value, which cost about as much as running it.
 */
const PUBLISHED = sql`${ratings.status} = 'published'`;

/**
 * Whether a rating's author holds a verification at the rated company as it is written (ADR 0018):
 * a primary-key lookup, for ratings of companies only. The rating keeps the answer; nothing of the
 * verification itself leaves with it, and it is never asked again.
 */
const verifiedNow = (raterId: SQL, rateeId: SQL, context: SQL) =>
  sql<boolean>`(${context} = 'EMPLOYEE_TO_COMPANY' and exists (
    select 1 from employment_verifications v where v.employee_id = ${raterId} and v.company_id = ${rateeId}))`;

export const rater = alias(users, 'rater');
export const ratee = alias(users, 'ratee');

/**
 * The joins every rating view needs (RATING_COLUMNS): its rater and ratee, for their names. For a
 * query with an explicit selection, which the joins leave as it is (hence the cast).
 */
export function withNames<T extends PgSelect>(query: T): T {
  return query
    .innerJoin(rater, eq(rater.id, ratings.raterId))
    .innerJoin(ratee, eq(ratee.id, ratings.rateeId)) as unknown as T;
}

/** A rating with its rater's and ratee's names; join `rater` and `ratee` on the rating's ids. */
const RATING_WITH_NAMES = {
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
  verifiedEmployee: ratings.verifiedEmployee,
  verifiedRaters: ratee.verifiedRaters,
};

/**
 * The decision that hides a rating, as one row or none: its reason, time (`at`) and moderator (`by`).
 * It is the latest hiding (a moderator's, or the upholding of a dispute) unless a moderator restored
 * the rating since: a rating hidden again by its author's suspension then has no decision of its own,
 * and an undone reason must not be shown, or appealed, as if it were in force.
 */
export const hidingInForce = (ratingId: SQL | SQLWrapper | number) => sql`(
  select h.reason, h.at, h.by from (
    select a.reason, a.created_at as at, a.moderator_id as by from moderation_actions a
    where a.target_type = 'rating' and a.target_id = ${ratingId} and a.action = 'hide_rating'
    union all
    select d.decision_reason, d.decided_at, d.decided_by from rating_disputes d
    where d.rating_id = ${ratingId} and d.outcome = 'UPHELD') h
  where not exists (select 1 from moderation_actions r
    where r.target_type = 'rating' and r.target_id = ${ratingId} and r.action = 'restore_rating'
      and r.created_at > h.at)
  order by h.at desc limit 1)`;

/**
 * What each view of a rating may carry besides the rating (DESIGN §8.1): the visible reply, the
 * dispute, and for a hidden rating the decision that hides it (hidingInForce) and the appeal. toRatingView
 * decides who sees which; every one is an index lookup by the rating's id.
 */
const RATING_RESPONSES = {
  editedAt: ratings.editedAt,
  // An edit waiting for the next day (drizzle/0051): toRatingView shows it to the author alone.
  heldEdit: sql<HeldEditEntry | null>`case when ${ratings.heldEdit} is not null
    then ${ratings.heldEdit} || jsonb_build_object('at', ${ratings.heldEditAt}) end`,
  // Hidden by its author's suspension and published again by the next day's release (drizzle/0052).
  returnHeld: sql<boolean | null>`case when ${ratings.status} = 'hidden' then exists (
    select 1 from suspension_hidden_ratings s where s.rating_id = ${ratings.id} and s.reinstated_at is not null) end`,
  // A reply moderators hid too: toRatingView shows it, with why, to its author alone.
  reply: sql<ReplyEntry | null>`(
    select json_build_object('message', p.message, 'created_at', p.created_at, 'updated_at', p.updated_at,
      'hidden_at', p.hidden_at, 'hidden_reason', p.hidden_reason)
    from rating_replies p where p.rating_id = ${ratings.id})`,
  dispute: sql<DisputeEntry | null>`(
    select json_build_object('status', d.status, 'outcome', d.outcome, 'reason', d.decision_reason, 'due_at', d.due_at,
      'restored', (d.outcome = 'UPHELD' and ${ratings.status} = 'published') is true)
    from rating_disputes d where d.rating_id = ${ratings.id})`,
  moderation: sql<ModerationEntry | null>`case when ${ratings.status} = 'hidden' then (
    select json_build_object('reason', h.reason, 'at', h.at, 'appeal', (
      select json_build_object('status', ap.status, 'reason', ap.decision_reason)
      from rating_appeals ap where ap.rating_id = ${ratings.id}))
    from ${hidingInForce(ratings.id)} h) end`,
};

export const RATING_COLUMNS = {
  ...RATING_WITH_NAMES,
  ...RATING_RESPONSES,
  // The category scores as the rating's own row stores them (drizzle/0025); toRatingView lists them
  // in the context's order. Turned into a list here, they cost each rating a function scan and an
  // aggregate, the dearest of its lookups.
  scores: ratings.scores,
};

/** How many ratings a user has written, hidden ones included. */
export const givenCount = (raterId: Bound<number> | SQL) =>
  sql<number>`select count(*) from ratings r where r.rater_id = ${raterId}`;

/** The published ratings a user received. */
const receivedBy = (userId: Bound<number> | SQL) => and(sql`${ratings.rateeId} = ${userId}`, PUBLISHED);

/** A rating as RATING_COLUMNS reads it, in one JSON object whose keys are RatingRecord's fields. */
const RATING_JSON = sql`json_build_object(${sql.join(
  Object.entries(RATING_COLUMNS).map(([field, column]) => sql`${sql.raw(`'${field}'`)}, ${column}`),
  sql`, `,
)})`;

/** A RatingRecord as it arrives inside JSON: its two times in PostgreSQL's text form. */
export type RatingJson = Omit<RatingRecord, 'createdAt' | 'editedAt'> & {
  createdAt: string;
  editedAt: string | null;
};

interface BoundPage {
  limit: Bound<number>;
  /** Absent: the first page. */
  offset?: Bound<number>;
}

/**
 * A page of the ratings matching `where`, in `order`, as one JSON array (ARRAY keeps the subquery's
 * order), for a read that brings them along with a user or a total in one round trip (a round trip
 * costs the server more than the rows do). fromRatingJson reads it back.
 * Past the first page, the page's ids are found first along the list's index and only they are
 * built: PostgreSQL computes a select list for every row an OFFSET skips, so page 4 of ten looked up
 * the names, replies, disputes and scores of 40 ratings to send 10.
 */
function ratingsJson(db: Executor, where: SQL | undefined, order: SQL[], page: BoundPage) {
  const built = withNames(db.select({ rating: RATING_JSON }).from(ratings).$dynamic());
  const shown =
    page.offset === undefined
      ? built
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
      : built
          .where(
            inArray(
              ratings.id,
              db
                .select({ id: ratings.id })
                .from(ratings)
                .where(where)
                .orderBy(...order)
                .limit(page.limit)
                .offset(page.offset),
            ),
          )
          .orderBy(...order);
  return sql<RatingJson[]>`array_to_json(array(${shown}))`;
}

/** Every published rating a user received, in public order, as rows (the privacy export). */
export const everyReceivedQuery = (db: Executor, userId: number) =>
  withNames(db.select(RATING_COLUMNS).from(ratings).$dynamic())
    .where(receivedBy(userId))
    .orderBy(...PUBLIC_ORDER);

/** The newest `limit` published ratings `userId` received, in public order (profiles, the dashboard). */
export const newestReceivedJson = (db: Executor, userId: SQL, limit: Bound<number>) =>
  ratingsJson(db, receivedBy(userId), PUBLIC_ORDER, { limit });

/**
 * Of a company's published ratings, those that carry the verified badge (ADR 0018), spelled as the
 * partial index ratings_verified_received is (drizzle/0035).
 */
export const verifiedReceivedBy = (userId: Bound<number> | SQL) =>
  and(receivedBy(userId), sql`${ratings.verifiedEmployee}`);

export const fromRatingJson = (rating: RatingJson): RatingRecord => ({
  ...rating,
  createdAt: new Date(rating.createdAt),
  editedAt: rating.editedAt === null ? null : new Date(rating.editedAt),
});

/**
 * The lists of a user's ratings, each a page and the list's total in one row of the user's, so a
 * page past the end (no rating to carry the total) needs no second statement:
 * - received: the published ratings the user received, in public order;
 * - given: every rating the user wrote, hidden ones included (only the rater sees this list).
 */
const LISTS = {
  // The total is the stored aggregate on the user's row, exact at every commit.
  received: { where: receivedBy, order: PUBLIC_ORDER, total: () => sql`${users.totalRatingsReceived}` },
  // A company's ratings from verified employees alone (DESIGN §9.4), counted from their own index.
  verified: {
    where: verifiedReceivedBy,
    order: PUBLIC_ORDER,
    total: (user: SQL) =>
      sql`(select count(*) from ratings r where r.ratee_id = ${user} and r.status = 'published' and r.verified_employee)`,
  },
  given: {
    where: (raterId: SQL) => sql`${ratings.raterId} = ${raterId}`,
    order: [desc(ratings.createdAt), desc(ratings.id)],
    total: givenCount,
  },
};
type RatingList = keyof typeof LISTS;

/** A page of one of a user's lists of ratings and the list's total, as one row. */
export function listPageQuery(db: Executor, list: RatingList, userId: Bound<number>, page: BoundPage) {
  const { where, order, total } = LISTS[list];
  const user = sql.raw('"users"."id"');
  return db
    .select({ total: sql<number>`(${total(user)})::int`, page: ratingsJson(db, where(user), order, page) })
    .from(users)
    .where(eq(users.id, userId));
}

// Built once (db/prepared.ts).
const listPageStatement = preparedStatements((db, name, list: RatingList) =>
  listPageQuery(db, list, sql.placeholder('userId'), {
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }).prepare(name),
);

/** A page of one of a user's lists of ratings, with the list's total. */
async function listPage(db: Executor, list: RatingList, userId: number, page: Page) {
  const [row] = await listPageStatement(db, `ratings_${list}_page`, list).execute({ userId, ...page });
  return { records: (row?.page ?? []).map(fromRatingJson), total: row?.total ?? 0 };
}

/** A page of the published ratings a user received, with their number. */
export const receivedPublishedPage = (db: Executor, userId: number, page: Page) =>
  listPage(db, 'received', userId, page);

/** A page of the published ratings a company received from verified employees, with their number. */
export const verifiedReceivedPage = (db: Executor, userId: number, page: Page) =>
  listPage(db, 'verified', userId, page);

/** A page of every rating a user wrote, with their number. */
export const givenByPage = (db: Executor, raterId: number, page: Page) =>
  listPage(db, 'given', raterId, page);

/** The dashboard's own part of the caller: numbers received and newest ratings, in one statement. */
const ownDashboardStatement = preparedStatements((db, name) =>
  db
    .select({
      received: users.totalRatingsReceived,
      tenths: users.ratingTenths,
      recent: newestReceivedJson(db, sql.raw('"users"."id"'), sql.placeholder('limit')),
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(name),
);

/**
 * The caller's number of ratings received, average and newest `limit` published ratings for the
 * dashboard in one round trip (the number given is read with the session); moderators are never
 * rated (zeros, none).
 */
export async function ownDashboard(db: Executor, userId: number, limit: number) {
  const [row] = await ownDashboardStatement(db, 'own_dashboard').execute({ userId, limit });
  return {
    received: row?.received ?? 0,
    tenths: row?.tenths ?? 0,
    recent: (row?.recent ?? []).map(fromRatingJson),
  };
}

/**
 * The would-be ratee as the eligibility rules need it, and whether the rater has already rated them in
 * this context (published or hidden), in one round trip.
 */
export async function findRatee(
  db: Executor,
  raterId: number,
  rateeId: number,
  context: RoleContext,
): Promise<{ ratee: EligibilityParty | null; alreadyRated: boolean; rateAgainOn: string | null }> {
  const [row] = await queryRows<{
    id: number;
    role: UserRole;
    is_active: boolean;
    already_rated: boolean;
    rate_again_on: string | null;
  }>(
    db,
    sql`select u.id, u.user_role as role, u.is_active,
          exists(select 1 from ratings r
                 where r.rater_id = ${raterId} and r.ratee_id = u.id and r.role_context = ${context}) as already_rated,
          (${rateAgainOn(sql`${raterId}::int`, sql`u.id`, sql`${context}::text`)}) as rate_again_on
        from users u where u.id = ${rateeId}`,
  );
  if (!row) return { ratee: null, alreadyRated: false, rateAgainOn: null };
  return {
    ratee: { id: row.id, role: row.role, isActive: row.is_active },
    alreadyRated: row.already_rated,
    rateAgainOn: row.rate_again_on,
  };
}

/**
 * The rater's cooldown on rating the ratee again, while it lasts (rating_cooldowns, DESIGN §9.1), in
 * `context` or, without one, in any (a rater's role allows one): a primary-key lookup. Its alias is
 * its own, as the statements it is put into (the session check's among them) name theirs.
 */
const coolingDown = (raterId: SQL, rateeId: SQL, context?: SQL) =>
  sql`select cooling.until from rating_cooldowns cooling
      where cooling.rater_id = ${raterId} and cooling.ratee_id = ${rateeId}
        ${context ? sql`and cooling.role_context = ${context}` : sql``} and cooling.until > now()`;

/**
 * The day a rater may rate the ratee again while a cooldown runs, else null: the day after it ends,
 * India's (YYYY-MM-DD), so a person told a date is never refused on it. Without a context, in any (the
 * session check's, ADR 0007: a rater's role allows one).
 */
export const rateAgainOn = (raterId: SQL, rateeId: SQL, context?: SQL) =>
  sql<string | null>`select to_char(${dayIn(sql`max(cooldown.until)`)}::date + 1, 'YYYY-MM-DD')
      from (${coolingDown(raterId, rateeId, context)}) cooldown`;

export interface NewRating {
  raterId: number;
  rateeId: number;
  /** The role the ratee must still have: checked again, under the row lock, as the rating is written. */
  rateeRole: UserRole;
  roleContext: RoleContext;
  isAnonymous: boolean;
  feedbackMessage: string | null;
  overallTenths: number;
  /** As the rating stores them (storedScores). */
  scores: RatingScores;
  /**
   * Held until the next day's release (ADR 0030, an anonymous rating): stored as 'held', with nothing
   * of it in the ratee's aggregates, counts or notifications until releaseHeldRatings publishes it.
   */
  held: boolean;
}

/**
 * Writes a rating with its scores, and the ratee's aggregates, in one statement, so one round trip
 * and one implicit transaction. The update of the ratee comes first: it locks the row, re-checks that the
 * ratee is still active in the expected role (a suspension committed meanwhile is seen), and adds to
 * the aggregates with expressions over the row's current values, which PostgreSQL re-evaluates on the
 * newest version when writers queue, so concurrent ratings never lose an update. The inserts hang off
 * that update: no ratee row, no rating. A duplicate fails the unique index and rolls everything back.
 * The arithmetic is aggregates.ts's (averageTenths, starOf, rankScore, withCategoryScores), over the
 * row's new sum and count and the rating's scores.
 * The rating's id is the column's default, random (drizzle/0014): should it be taken already, the
 * whole statement fails on the primary key, changes nothing, and runs again with a new draw. So `db`
 * must not be a transaction, which the failure would end.
 *
 * Returns null when the ratee no longer qualifies; the caller re-checks eligibility for the reason.
 */
export async function insertRating(db: Executor, input: NewRating): Promise<WrittenRating | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertRatingOnce(db, input);
    } catch (error) {
      if (attempt < ID_ATTEMPTS && isUniqueViolation(error, 'ratings_pkey')) continue;
      throw error;
    }
  }
}

/**
 * Statements a rating may take when its random id is already taken (ADR 0016). One id in 2^53 is
 * drawn inside the INSERT: with a billion ratings stored, a draw meets a taken id about once in nine
 * million ratings, and five in a row never in practice.
 */
const ID_ATTEMPTS = 5;

interface WrittenRating {
  id: number;
  createdAt: Date;
  rateeName: string;
  verifiedEmployee: boolean;
  verifiedRaters: number;
  /** The ratee's last day of ratings, with this one, when it makes a burst (unusual-activity.ts decides). */
  burst: BurstCounts | null;
  /** Recent texts its feedback nearly copies (copied-text.ts), the closest of each kind. */
  copies: Match[];
}

/** The values of a new rating, bound per request to its one prepared statement. */
const NEW = {
  rater: sql.placeholder('rater'),
  ratee: sql.placeholder('ratee'),
  rateeRole: sql.placeholder('rateeRole'),
  context: sql.placeholder('context'),
  anonymous: sql.placeholder('anonymous'),
  feedback: sql.placeholder('feedback'),
  tenths: sql.placeholder('tenths'),
  scores: sql.placeholder('scores'),
  bands: sql.placeholder('bands'),
};

/** Category scores as a rating stores them (ratings.scores): an object by category name. */
export const storedScores = (scores: readonly ScoreEntry[]): RatingScores =>
  Object.fromEntries(scores.map((s) => [s.category, s.score]));

interface WrittenRow {
  id: number;
  created_at: Date | string;
  ratee_name: string;
  window_n: number;
  window_fresh: number;
  usual_n: number | null;
  usual_fresh: number | null;
  verified: boolean;
  verified_raters: number;
  copies: Match[] | null;
}

/**
 * Built and prepared once (db/prepared.ts): building this statement through Drizzle for every rating
 * cost the server about 0.2 ms of CPU a rating, a fifth of its work (docs/benchmarks.md).
 */
const insertRatingStatement = preparedRaw<WrittenRow, [held: boolean]>((held) => {
  const tenths = sql`${NEW.tenths}::int`;
  const sum = sql`rating_sum_tenths + ${tenths}`;
  const count = sql`total_ratings_received + 1`;
  const star = starOf(tenths);
  const scores = sql`${NEW.scores}::jsonb`;
  const addedScores = sql`select s.key, s.value::int, 1 from jsonb_each(${scores}) s`;
  // The window with the new rating, which the statement's own reads do not see.
  const usual = usualCounts(NEW.ratee, sql`w.n`, sql`w.fresh`);
  const bands = sql`${NEW.bands}::bigint[]`;
  const qualifies = sql`id = ${NEW.ratee}::int and is_active and user_role = ${NEW.rateeRole}::text
        and not exists (${coolingDown(sql`${NEW.rater}::int`, sql`${NEW.ratee}::int`, sql`${NEW.context}::text`)})`;
  // A held rating (ADR 0030) locks the ratee's row as the update would, and changes nothing of it.
  const bumped = held
    ? sql`select id, full_name, verified_raters from users where ${qualifies} for no key update`
    : sql`update users set
        rating_sum_tenths = ${sum},
        total_ratings_received = ${count},
        rating_tenths = ${averageTenths(sum, count)},
        score_histogram[${star}] = score_histogram[${star}] + 1,
        rank_score = ${rankScore(sum, count)},
        category_totals = ${withCategoryScores(sql`category_totals`, addedScores)}
      where ${qualifies}
      returning id, full_name, verified_raters`;
  return sql`
    with bumped as (${bumped}),
    inserted as (
      insert into ratings (rater_id, ratee_id, role_context, is_anonymous, feedback_message, overall_tenths,
                           scores, from_fresh_account, verified_employee, status)
      select ${NEW.rater}::int, b.id, ${NEW.context}::text, ${NEW.anonymous}::boolean, ${NEW.feedback}::text,
             ${tenths}, ${scores}, ${raterIsFresh(NEW.rater)},
             ${verifiedNow(sql`${NEW.rater}::int`, sql`b.id`, sql`${NEW.context}::text`)},
             ${held ? sql`'held'` : sql`'published'`}
      from bumped b
      returning id, created_at, from_fresh_account, verified_employee
    ),
    -- The ratee is told, in this statement: who wrote it is never in it, and its day only (ADR 0025);
    -- of a held rating, when it is released.
    notified as (
      ${
        held
          ? sql`select 1`
          : notificationInsert(
              { userId: sql`b.id`, type: 'rating_received', link: NOTIFICATION_LINKS.ratingsReceived },
              sql`bumped b`,
            )
      }
    ),
    -- The copied-text rule's keys of the text (none for a short one), for the texts that follow.
    stored_bands as (
      insert into feedback_bands (band, rating_id, written_at)
      select t.band, i.id, i.created_at from inserted i, unnest(${bands}) as t(band)
    )
    select i.id, i.created_at, b.full_name as ratee_name, i.verified_employee as verified,
      -- The recent texts this one nearly copies: an index probe per key, nothing without keys.
      (select json_agg(m) from (${closestTextsQuery(bands, sql`${NEW.feedback}::text`, sql`${NEW.rater}::int`, sql`b.id`)}) m
       where cardinality(${bands}) > 0) as copies,
      -- The trigger that counts this rating (drizzle/0029) runs after the statement: count it here
      -- (a held one only when it is released, drizzle/0050).
      b.verified_raters + ${held ? sql`0` : sql`i.verified_employee::int`} as verified_raters,
      w.n as window_n, w.fresh as window_fresh, ${usual.n} as usual_n, ${usual.fresh} as usual_fresh
    from inserted i, bumped b, lateral (
      select c.n + 1 as n, c.fresh + i.from_fresh_account::int as fresh from (${windowCounts(NEW.ratee)}) c
      offset 0 -- counted once: pulled up, each use of n and fresh would count them again
    ) w`;
});

async function insertRatingOnce(db: Executor, input: NewRating): Promise<WrittenRating | null> {
  const statement = input.held
    ? insertRatingStatement(db, 'insert_held_rating', true)
    : insertRatingStatement(db, 'insert_rating', false);
  const [row] = await statement.rows({
    rater: input.raterId,
    ratee: input.rateeId,
    rateeRole: input.rateeRole,
    context: input.roleContext,
    anonymous: input.isAnonymous,
    feedback: input.feedbackMessage,
    tenths: input.overallTenths,
    scores: JSON.stringify(input.scores),
    bands: bandsToStore(input.feedbackMessage),
  });
  if (!row) return null;
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    rateeName: row.ratee_name,
    verifiedEmployee: row.verified,
    verifiedRaters: row.verified_raters,
    burst: burstOrNull({
      n: row.window_n,
      fresh: row.window_fresh,
      usualN: row.usual_n,
      usualFresh: row.usual_fresh,
    }),
    copies: row.copies ?? [],
  };
}

/**
 * Before ratings are withdrawn (by their author, or with the author's account): what was still open
 * about them (flags, a dispute, an appeal) is closed as 'withdrawn'. The rows stay, with the rating's
 * id, for the record and the transparency report (DESIGN §9.1); a withdrawn dispute's end is dated,
 * so one past its due date still counts as overdue.
 */
export async function closeAsWithdrawn(tx: Executor, ratingIds: readonly number[]): Promise<void> {
  if (ratingIds.length === 0) return;
  await tx
    .update(flags)
    .set({ status: 'withdrawn', resolvedAt: sql`now()` })
    .where(and(inArray(flags.ratingId, [...ratingIds]), eq(flags.status, 'open')));
  await tx
    .update(ratingDisputes)
    .set({ status: 'withdrawn', decidedAt: sql`now()` })
    .where(and(inArray(ratingDisputes.ratingId, [...ratingIds]), eq(ratingDisputes.status, 'open')));
  await tx
    .update(ratingAppeals)
    .set({ status: 'withdrawn', decidedAt: sql`now()` })
    .where(and(inArray(ratingAppeals.ratingId, [...ratingIds]), eq(ratingAppeals.status, 'open')));
}

/**
 * Deletes ratings as their author's withdrawal would close them (account erasure, and the release of
 * an erased account's anonymous ones, drizzle/0055): what was open about them closed, their ratees
 * locked in id order with their views' version moved, the published ones out of the aggregates, then
 * the rows. The caller has locked the ratings.
 */
export async function deleteAsWithdrawn(
  tx: Executor,
  taken: readonly { id: number; rateeId: number; published: boolean }[],
): Promise<void> {
  if (taken.length === 0) return;
  const ids = taken.map((rating) => rating.id);
  // Their flags before their ratees, as dismissFlag locks a flag before its ratee.
  await closeAsWithdrawn(tx, ids);
  await touchUsers(tx, [...new Set(taken.map((rating) => rating.rateeId))]);
  await applyRatings(
    tx,
    taken.filter((rating) => rating.published).map((rating) => rating.id),
    -1,
  );
  await tx.delete(ratings).where(inArray(ratings.id, ids));
}
