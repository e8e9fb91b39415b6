// Data access for flags and moderation: the flag queue, the audit log and the rows the moderation
// actions share. Every function takes an Executor so that an action can run several in one
// transaction; "not found" comes back as null, never as an HTTP error.
import {
  type AuditEntry,
  type FlaggedRating,
  type FlagReason,
  grievanceNumber,
  type MatchedText,
  NOTIFICATION_LINKS,
  type RatingStatus,
} from '@workspace/contracts';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.ts';
import {
  flags,
  grievances,
  moderationActions,
  ratingAppeals,
  ratingDisputes,
  ratings,
  refreshFamilies,
  users,
} from '../../db/schema/index.ts';
import { type PageQuery, pageWindow } from '../../lib/paging.ts';
import { nameParam, recordNotification } from '../notifications/repository.ts';
import { RATING_COLUMNS, ratee, rater, withNames } from '../ratings/repository.ts';
import { moderatorRatingView } from '../ratings/serialize.ts';
import { isTombstoneSql } from '../users/tombstone.ts';

export type FlagRow = typeof flags.$inferSelect;
type ActionRow = typeof moderationActions.$inferInsert;
export type FlagQueueStatus = 'open' | 'resolved';

export interface Page<T> {
  total: number;
  items: T[];
}

/** What deciding whether a caller may flag a rating needs to know about it. */
export interface FlagTarget {
  raterId: number;
  rateeId: number;
  status: RatingStatus;
  rateeActive: boolean;
  rateeShowsDetails: boolean;
}

export async function findFlagTarget(db: Executor, ratingId: number): Promise<FlagTarget | null> {
  const [row] = await db
    .select({
      raterId: ratings.raterId,
      rateeId: ratings.rateeId,
      status: ratings.status,
      rateeActive: users.isActive,
      rateeShowsDetails: users.showRatingDetails,
    })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.rateeId))
    .where(eq(ratings.id, ratingId))
    .limit(1);
  return row ?? null;
}

/** `reporterId`'s flag of the rating (when, and whether it is still open), or null. */
export async function ownFlag(db: Executor, ratingId: number, reporterId: number) {
  const [row] = await db
    .select({ at: flags.createdAt, status: flags.status })
    .from(flags)
    .where(and(eq(flags.ratingId, ratingId), eq(flags.reporterId, reporterId)))
    .limit(1);
  return row ?? null;
}

/** Inserts the flag; null when this reporter has already flagged the rating (also under a race). */
export async function insertFlag(
  db: Executor,
  flag: { ratingId: number; reporterId: number; reason: FlagReason; details: string | null },
): Promise<FlagRow | null> {
  const [row] = await db
    .insert(flags)
    .values(flag)
    .onConflictDoNothing({ target: [flags.ratingId, flags.reporterId] })
    .returning();
  return row ?? null;
}

/** Appends one entry to the moderation log (the table refuses updates and deletes). */
export async function recordAction(tx: Executor, entry: ActionRow): Promise<void> {
  await tx.insert(moderationActions).values(entry);
}

/**
 * Tells the people who filed the flags `flagIds` what came of their report (ADR 0034): 'kept' with
 * the moderator's reason, whose reader they are (REASON_READ_BY dismiss_flag), or 'hidden' without the
 * hiding's reason, which only the rating's author reads. In the app only (NOTIFICATION_APP_ONLY_TYPES);
 * it links to the rated page, where they reported it. Automatic flags have no reporter.
 */
export async function tellReporters(
  tx: Executor,
  flagIds: readonly number[],
  outcome: 'kept' | 'hidden',
  reason?: string,
): Promise<void> {
  if (flagIds.length === 0) return;
  const reported = await tx
    .select({ reporterId: flags.reporterId, rateeId: flags.rateeId, reportReason: flags.reason })
    .from(flags)
    .where(and(inArray(flags.id, [...flagIds]), isNotNull(flags.reporterId)));
  for (const { reporterId, rateeId, reportReason } of reported) {
    if (reporterId === null || rateeId === null) continue;
    // The reason they gave, so that two reports on one profile are told apart.
    const told = { outcome, report_reason: reportReason, ...(reason === undefined ? {} : { reason }) };
    await recordNotification(tx, {
      userId: reporterId,
      type: 'report_decided',
      params: sql`${nameParam('ratee_name', rateeId)} || ${JSON.stringify(told)}::jsonb`,
      link: NOTIFICATION_LINKS.ratedProfile(rateeId),
    });
  }
}

/** Marks the rating's open flags as acted upon, and tells their reporters the rating is hidden. */
export async function actionOpenFlags(tx: Executor, ratingId: number, moderatorId: number): Promise<void> {
  const actioned = await tx
    .update(flags)
    .set({ status: 'actioned', resolvedAt: sql`now()`, resolvedBy: moderatorId })
    .where(and(eq(flags.ratingId, ratingId), eq(flags.status, 'open')))
    .returning({ id: flags.id });
  await tellReporters(
    tx,
    actioned.map((flag) => flag.id),
    'hidden',
  );
}

/** The reason of the user's latest suspension, which they read when they next sign in. */
export async function suspensionReason(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ reason: moderationActions.reason })
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.action, 'suspend_user'),
        eq(moderationActions.targetType, 'user'),
        eq(moderationActions.targetId, userId),
      ),
    )
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(1);
  return row?.reason ?? null;
}

export async function revokeRefreshFamilies(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(refreshFamilies)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
}

// Per rating: how many flags, how many still open, the newest open one and the latest resolution.
// A withdrawn rating's flags stay for the record (ADR 0013), out of the queue.
const flagSummary = sql`
  select rating_id,
         count(*)::int as flag_count,
         count(*) filter (where status = 'open')::int as open_count,
         max(created_at) filter (where status = 'open') as newest_open,
         max(resolved_at) as last_resolved
  from flags where exists (select 1 from ratings r where r.id = flags.rating_id) group by rating_id`;

/**
 * The moderation queue, one item per flagged rating. 'open': ratings with at least one open flag,
 * most open flags first, then the newest flag. 'resolved': flagged ratings with no open flag left,
 * most recently resolved first.
 */
export async function flagQueue(
  db: Executor,
  query: PageQuery & { status: FlagQueueStatus },
  badgeMin: number,
): Promise<Page<FlaggedRating>> {
  const { status } = query;
  const { limit, offset } = pageWindow(query);
  const where = status === 'open' ? sql`open_count > 0` : sql`open_count = 0`;
  const order =
    status === 'open'
      ? sql`open_count desc, newest_open desc, rating_id desc`
      : sql`last_resolved desc nulls last, rating_id desc`;
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${flagSummary}) s where ${where}`,
  );
  const pageRows = await queryRows<{ rating_id: number; flag_count: number; open_count: number }>(
    db,
    sql`select rating_id, flag_count, open_count from (${flagSummary}) s where ${where}
        order by ${order} limit ${limit} offset ${offset}`,
  );
  const total = counted?.total ?? 0;
  if (pageRows.length === 0) return { total, items: [] };

  const ids = pageRows.map((r) => r.rating_id);
  const reporter = alias(users, 'reporter');
  const [ratingRows, flagRows] = await Promise.all([
    withNames(
      db
        .select({
          rating: RATING_COLUMNS,
          raterCode: rater.userCode,
          raterEmail: rater.email,
          raterActive: rater.isActive,
          raterDeleted: isTombstoneSql(rater.passwordHash),
          // Its author's account's deletion deletes it with the next day's release (drizzle/0055), or
          // their suspension hides it then (drizzle/0054).
          leaving: sql<
            'hidden' | 'deleted' | null
          >`case when ${ratings.authorErasedAt} is not null then 'deleted'
            when exists (select 1 from suspension_hidden_ratings s where s.rating_id = ${ratings.id}
              and s.leaving_since is not null and s.reinstated_at is null) then 'hidden' end`,
        })
        .from(ratings)
        .$dynamic(),
    ).where(inArray(ratings.id, ids)),
    db
      .select({
        flag: flags,
        reporterName: reporter.fullName,
        // The reason its reporter was told when it was dismissed (ADR 0034), from the log.
        dismissReason: sql<string | null>`(select a.reason from moderation_actions a
          where a.target_type = 'flag' and a.target_id = ${flags.id} and a.action = 'dismiss_flag'
          order by a.created_at desc limit 1)`,
      })
      .from(flags)
      .leftJoin(reporter, eq(reporter.id, flags.reporterId))
      .where(inArray(flags.ratingId, ids))
      .orderBy(desc(flags.createdAt), desc(flags.id)),
  ]);

  const matched = await matchedTexts(
    db,
    flagRows.flatMap(({ flag }) => (flag.matchedRatingId === null ? [] : [flag.matchedRatingId])),
  );
  const byId = new Map(ratingRows.map((r) => [r.rating.id, r]));
  const items = pageRows.flatMap((summary): FlaggedRating[] => {
    const r = byId.get(summary.rating_id);
    if (!r) return [];
    return [
      {
        // Moderators see the rater even behind an anonymous rating, and the exact time.
        rating: {
          ...moderatorRatingView(r.rating, r.raterCode, badgeMin),
          rater_email: r.raterEmail,
          // Which of suspend and reinstate applies: neither to a deleted account's tombstone.
          rater_status: r.raterDeleted ? 'deleted' : r.raterActive ? 'active' : 'suspended',
          ...(r.leaving ? { leave_held: r.leaving } : {}),
        },
        flag_count: summary.flag_count,
        open_flag_count: summary.open_count,
        flags: flagRows
          .filter(({ flag }) => flag.ratingId === r.rating.id)
          .map(({ flag, reporterName, dismissReason }) => ({
            ...toFlagView(flag),
            reporter_name: reporterName ?? AUTOMATIC_REPORTER,
            dismiss_reason: dismissReason,
            matched:
              flag.matchedRatingId === null
                ? null
                : { rating_id: flag.matchedRatingId, rating: matched.get(flag.matchedRatingId) ?? null },
          })),
      },
    ];
  });
  return { total, items };
}

/** The texts that copied-text flags matched, by rating id; a withdrawn rating is missing. */
async function matchedTexts(db: Executor, ids: number[]): Promise<Map<number, MatchedText['rating']>> {
  if (ids.length === 0) return new Map();
  const rows = await withNames(
    db
      .select({
        id: ratings.id,
        feedback: ratings.feedbackMessage,
        raterName: rater.fullName,
        rateeName: ratee.fullName,
        createdAt: ratings.createdAt,
      })
      .from(ratings)
      .$dynamic(),
  ).where(inArray(ratings.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        feedback_message: row.feedback,
        rater_name: row.raterName,
        ratee_name: row.rateeName,
        created_at: row.createdAt.toISOString(),
      },
    ]),
  );
}

/** How a flag of the automatic check for unusual activity names its reporter. */
const AUTOMATIC_REPORTER = 'Automatic check';

export function toFlagView(flag: FlagRow) {
  return {
    id: flag.id,
    rating_id: flag.ratingId,
    reporter_id: flag.reporterId,
    reason: flag.reason,
    rule: flag.rule,
    details: flag.details,
    facts: flag.facts,
    status: flag.status,
    created_at: flag.createdAt.toISOString(),
    resolved_at: flag.resolvedAt?.toISOString() ?? null,
  };
}

/** Who an entry without a moderator names: the holder of a deleted account acted. */
const ACCOUNT_HOLDER = 'Account holder';

/** The moderation log, newest first, with each moderator's name. */
/** A joined user's name, or null when the account is gone (a tombstone, or no row). */
const nameUnlessDeleted = (user: { passwordHash: AnyPgColumn; fullName: AnyPgColumn }) =>
  sql<string | null>`case when not ${isTombstoneSql(user.passwordHash)} then ${user.fullName} end`;

export async function auditLog(db: Executor, query: PageQuery): Promise<Page<AuditEntry>> {
  const { limit, offset } = pageWindow(query);
  const [counted] = await db.select({ total: count() }).from(moderationActions);
  // Who an action was about, for the moderator reading the log: a user by name; a rating, and a flag,
  // dispute or appeal on one, by its rated party's (a deleted account, or a rating withdrawn since, by
  // kind and id alone).
  const targetUser = alias(users, 'target_user');
  const targetRatee = alias(users, 'target_ratee');
  const on = (type: 'flag' | 'dispute' | 'appeal', id: AnyPgColumn) =>
    and(eq(moderationActions.targetType, type), eq(id, moderationActions.targetId));
  const targetRating = sql`coalesce(case when ${moderationActions.targetType} = 'rating' then ${moderationActions.targetId} end, ${flags.ratingId}, ${ratingDisputes.ratingId}, ${ratingAppeals.ratingId})`;
  const rows = await db
    .select({
      action: moderationActions,
      moderatorName: users.fullName,
      grievanceFiled: grievances.createdAt,
      userName: nameUnlessDeleted(targetUser),
      rateeName: nameUnlessDeleted(targetRatee),
    })
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.moderatorId))
    .leftJoin(
      grievances,
      and(eq(moderationActions.targetType, 'grievance'), eq(grievances.id, moderationActions.targetId)),
    )
    .leftJoin(
      targetUser,
      and(eq(moderationActions.targetType, 'user'), sql`${targetUser.id} = ${moderationActions.targetId}`),
    )
    .leftJoin(flags, on('flag', flags.id))
    .leftJoin(ratingDisputes, on('dispute', ratingDisputes.id))
    .leftJoin(ratingAppeals, on('appeal', ratingAppeals.id))
    .leftJoin(ratings, sql`${ratings.id} = ${targetRating}`)
    .leftJoin(targetRatee, eq(targetRatee.id, ratings.rateeId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit)
    .offset(offset);
  return {
    total: counted?.total ?? 0,
    items: rows.map(({ action, moderatorName, grievanceFiled, userName, rateeName }) => ({
      id: action.id,
      moderator_id: action.moderatorId,
      moderator_name: moderatorName ?? ACCOUNT_HOLDER,
      action: action.action,
      target_type: action.targetType,
      target_id: action.targetId,
      // What people call the target elsewhere: a grievance by its number, a user by name, a rating (or
      // what was filed on it) by whom it rates.
      target_ref: grievanceFiled ? grievanceNumber(action.targetId, grievanceFiled) : (userName ?? rateeName),
      reason: action.reason,
      created_at: action.createdAt.toISOString(),
    })),
  };
}
