// Notifications' rows (drizzle/0037): written by the modules where things happen, in their own
// transactions (`recordNotification`); read and marked read by their owner; the mail settings.
import {
  dayOnly,
  type MailedNotificationType,
  NOTIFICATION_MAIL_TYPES,
  type Notification,
  type NotificationType,
} from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { dayMarker, dayStart } from '../../db/days.ts';

export interface NewNotification {
  userId: number | SQL;
  type: NotificationType;
  /** What its text needs (strings), or SQL making that object (a name read in the same statement). */
  params?: Record<string, string> | SQL;
  /** The web app's path of what it is about. */
  link: string;
  /**
   * The rating it is about, when its author is told: an anonymous author is told in the app only,
   * since a mail to an address the rated company may host would name them (ADR 0025).
   */
  aboutRating?: number | SQL;
  /**
   * A moment of the day a day-only notification is dated by and mailed after (default now()): a held
   * anonymous rating, released the next day, tells of the day it was written (ADR 0030).
   */
  day?: SQL;
}

/**
 * When the daily mail goes: 03:30 UTC, 09:00 in India, the same moment for everyone, so that its time
 * says nothing of when what it tells happened (ADR 0025). A notification set aside goes in the next.
 */
const DIGEST_TIME = sql`interval '3 hours 30 minutes'`;
const DIGEST_TODAY = sql`(date_trunc('day', now(), 'UTC') + ${DIGEST_TIME})`;
const NEXT_DIGEST = sql`(case when now() < ${DIGEST_TODAY} then ${DIGEST_TODAY} else ${DIGEST_TODAY} + interval '1 day' end)`;
/** The daily mail after India's day of `at` (db/days.ts) ends, the one that tells of a rating received then. */
const afterDayOf = (at: SQL) => sql`(${dayMarker(at)} + interval '1 day' + ${DIGEST_TIME})`;

/**
 * Types dated by their day only and told only in the daily mail: a time, or a mail at the moment a
 * rating was written, would date it.
 */
const DAY_ONLY: readonly NotificationType[] = ['rating_received'];

/**
 * What becomes of a notification's mail, decided as it is written, from the account's settings:
 * 'queued' (a mail now), 'digest' (the daily mail) or 'skipped' (that type off, a type mailed
 * otherwise, or no active account).
 */
function mailState(userId: number | SQL, type: NotificationType, aboutRating?: number | SQL): SQL {
  const mailed = (NOTIFICATION_MAIL_TYPES as readonly string[]).includes(type);
  const anonymousAuthor =
    aboutRating === undefined
      ? sql`false`
      : sql`exists (select 1 from ratings r where r.id = ${aboutRating} and r.is_anonymous and r.rater_id = u.id)`;
  return sql`(select case
      when not u.is_active or not ${mailed} or ${anonymousAuthor}
        or exists (select 1 from notification_mail_off o where o.user_id = u.id and o.type = ${type}) then 'skipped'
      when u.notification_digest or ${DAY_ONLY.includes(type)} then 'digest'
      else 'queued' end
    from users u where u.id = ${userId})`;
}

/**
 * The row of a notification, its mail decided (`mailState`), as a single INSERT; `from` lets a
 * caller's own statement write it from its rows (a new rating's ratee, whose notification is never
 * mailed at once). A rating received is dated by its day only, stored as the moment India's day began
 * so that it is listed as the day's first whatever its hour (ADR 0025), and carried as `dayOnly`.
 */
export function notificationInsert(n: NewNotification, from?: SQL): SQL {
  const day = n.day ?? sql`now()`;
  const at = DAY_ONLY.includes(n.type) ? dayStart(day) : sql`now()`;
  const params =
    n.params === undefined || !('getSQL' in n.params)
      ? sql`${JSON.stringify(n.params ?? {})}::jsonb`
      : n.params;
  const state = mailState(n.userId, n.type, n.aboutRating);
  // A rating received, dated by its day, goes in the mail after that day whatever its hour, so that
  // which daily mail tells of it says nothing of the hour either.
  const daily = DAY_ONLY.includes(n.type) ? afterDayOf(day) : NEXT_DIGEST;
  return sql`insert into notifications (user_id, type, params, link, created_at, mail_state, digest_after)
    select ${n.userId}, ${n.type}, ${params}, ${n.link}, ${at}, ${state},
           case when ${state} = 'digest' then ${daily} end ${from ? sql`from ${from}` : sql``}
    returning id, user_id, mail_state`;
}

/**
 * Writes a notification and, when it is mailed at once, its mail, in the caller's transaction: both
 * exist exactly when the event does (DESIGN §9.3). The mail's text is made when it is sent, in the
 * account's language then (mail-render.ts).
 */
export async function recordNotification(tx: Executor, n: NewNotification): Promise<void> {
  await tx.execute(sql`with told as (${notificationInsert(n)})
    insert into mail_outbox (to_address, subject, body, notification_id)
    select u.email, '', '', t.id from told t join users u on u.id = t.user_id where t.mail_state = 'queued'`);
}

/** The name of user `id` as a notification's param, read in the statement that writes it. */
export const nameParam = (key: string, id: number | SQL) =>
  sql`jsonb_build_object(${key}::text, (select full_name from users where id = ${id}))`;

interface NotificationRow {
  id: string;
  type: NotificationType;
  created_at: Date | string;
  read_at: Date | string | null;
  link: string;
  params: Record<string, string>;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toNotificationView = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  created_at: DAY_ONLY.includes(row.type) ? dayOnly(iso(row.created_at)) : iso(row.created_at),
  read_at: row.read_at === null ? null : iso(row.read_at),
  link: row.link,
  params: row.params,
});

/** A page of the user's notifications, newest first, with their number and the unread number. */
export async function notificationsPage(
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
) {
  const [counts] = await queryRows<{ count: number; unread: number }>(
    db,
    sql`select count(*)::int as count, (count(*) filter (where read_at is null))::int as unread
        from notifications where user_id = ${userId}`,
  );
  const rows = await queryRows<NotificationRow>(
    db,
    sql`select id, type, created_at, read_at, link, params from notifications where user_id = ${userId}
        order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
  );
  return { count: counts?.count ?? 0, unread: counts?.unread ?? 0, results: rows.map(toNotificationView) };
}

/** Marks the user's notifications read: those of `ids` (others' are ignored), or all. */
export async function markRead(db: Executor, userId: number, which: { ids?: string[]; all?: true }) {
  const only = which.ids ? sql`and id = any(${sql.param(which.ids)}::uuid[])` : sql``;
  await db.execute(
    sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null ${only}`,
  );
}

/** The user's mail settings: every type on unless turned off, and whether mail comes as a digest. */
export async function mailSettings(db: Executor, userId: number) {
  const off = await queryRows<{ type: NotificationType }>(
    db,
    sql`select type from notification_mail_off where user_id = ${userId}`,
  );
  const [user] = await queryRows<{ digest: boolean }>(
    db,
    sql`select notification_digest as digest from users where id = ${userId}`,
  );
  const offTypes = new Set(off.map((row) => row.type));
  return {
    email: Object.fromEntries(NOTIFICATION_MAIL_TYPES.map((type) => [type, !offTypes.has(type)])) as Record<
      MailedNotificationType,
      boolean
    >,
    daily_digest: user?.digest ?? false,
  };
}

/** Turns mail of each given type on or off, and the digest, for the user. */
export async function setMailSettings(
  db: Executor,
  userId: number,
  change: { email?: Partial<Record<MailedNotificationType, boolean>>; daily_digest?: boolean },
) {
  for (const [type, on] of Object.entries(change.email ?? {})) {
    await db.execute(
      on
        ? sql`delete from notification_mail_off where user_id = ${userId} and type = ${type}`
        : sql`insert into notification_mail_off (user_id, type) values (${userId}, ${type}) on conflict do nothing`,
    );
  }
  if (change.daily_digest !== undefined) {
    await db.execute(sql`update users set notification_digest = ${change.daily_digest} where id = ${userId}`);
  }
}
