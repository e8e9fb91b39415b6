// The transparency report's figures (DESIGN §8.2), counted from the tables and the moderation log,
// never entered by hand. Each figure is one grouped count over an indexed or small table; the whole
// report is a handful of statements, cached per process for a few minutes (routes.ts).
import {
  AUTOMATIC_FLAG_RULES,
  FLAG_REASONS,
  PERSONAL_DATA_KINDS,
  type PersonalDataKind,
  type PersonalDataText,
  type TransparencyMonth,
  type TransparencyReport,
} from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { personalDataRefusals } from '../../db/schema/index.ts';

/**
 * Counts a text the API refused for personal data, under this month (UTC) and the kind of data its
 * message named. Only the count is kept: nothing of the text or of who sent it.
 */
export async function countPersonalDataRefusal(
  db: Executor,
  text: PersonalDataText,
  kind: PersonalDataKind,
): Promise<void> {
  await db
    .insert(personalDataRefusals)
    .values({ month: sql`date_trunc('month', now() at time zone 'UTC')::date`, text, kind, n: 1 })
    .onConflictDoUpdate({
      target: [personalDataRefusals.month, personalDataRefusals.text, personalDataRefusals.kind],
      set: { n: sql`${personalDataRefusals.n} + 1` },
    });
}

const REPORT_MONTHS = 12;

/** 'YYYY-MM' of each of the last `count` calendar months in UTC, oldest first. */
export function monthsEndingAt(now: Date, count = REPORT_MONTHS): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

const monthOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

interface Counted {
  month: string;
  key: string;
  n: number;
}

/** Rows of (month, key, n) for `column` in the report's window, grouped by `key`. */
function counted(db: Executor, table: SQL, column: SQL, key: SQL, since: Date, where: SQL = sql`true`) {
  return queryRows<Counted>(
    db,
    sql`select ${monthOf(column)} as month, (${key})::text as key, count(*)::int as n
        from ${table} where ${column} >= ${since.toISOString()}::timestamptz and ${where}
        group by 1, 2`,
  );
}

function emptyMonth(month: string): TransparencyMonth {
  return {
    month,
    ratings: { posted: 0, edited: 0, withdrawn: 0 },
    flags: {
      by_reason: Object.fromEntries(FLAG_REASONS.map((r) => [r, 0])),
      by_source: { people: 0, automatic: 0 },
      by_rule: Object.fromEntries(AUTOMATIC_FLAG_RULES.map((r) => [r, 0])),
    },
    personal_data_refused: {
      ratings: 0,
      other_texts: 0,
      by_kind: Object.fromEntries(PERSONAL_DATA_KINDS.map((k) => [k, 0])),
    },
    moderation: { hidden: 0, restored: 0, replies_hidden: 0 },
    disputes: { opened: 0, upheld: 0, rejected: 0, overdue: 0, median_days_to_decision: null },
    appeals: { opened: 0, granted: 0, rejected: 0 },
    accounts: { suspended: 0 },
  };
}

export async function transparencyReport(db: Executor, now = new Date()): Promise<TransparencyReport> {
  const months = monthsEndingAt(now);
  const since = new Date(`${months[0]}-01T00:00:00.000Z`);
  const one = sql`'all'`;
  const [
    posted,
    withdrawnPosted,
    edited,
    withdrawn,
    flagRows,
    actions,
    opened,
    decided,
    overdue,
    medians,
    appeals,
    refusals,
    totals,
  ] = await Promise.all([
    // Not a held rating (ADR 0030): counted when its day's ratings are released, or its moment would show here.
    counted(db, sql`ratings`, sql`created_at`, one, since, sql`status <> 'held'`),
    // A withdrawn rating was posted too: its tombstone keeps the date.
    counted(db, sql`withdrawn_ratings`, sql`created_at`, one, since),
    counted(db, sql`ratings`, sql`edited_at`, one, since, sql`status <> 'held'`),
    counted(db, sql`withdrawn_ratings`, sql`withdrawn_at`, one, since),
    // Nor the automatic flags of a held rating until it is released.
    counted(
      db,
      sql`flags`,
      sql`created_at`,
      sql`reason || ':' || coalesce(rule, '')`,
      since,
      sql`not exists (select 1 from ratings h where h.id = flags.rating_id and h.status = 'held')`,
    ),
    counted(db, sql`moderation_actions`, sql`created_at`, sql`action`, since),
    counted(db, sql`rating_disputes`, sql`created_at`, one, since),
    counted(db, sql`rating_disputes`, sql`decided_at`, sql`outcome`, since),
    counted(
      db,
      sql`rating_disputes`,
      sql`due_at`,
      one,
      since,
      sql`due_at < ${now.toISOString()}::timestamptz and (decided_at is null or decided_at > due_at)`,
    ),
    queryRows<{ month: string; days: number }>(
      db,
      sql`select ${monthOf(sql`decided_at`)} as month,
              percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at) / 86400)::float8 as days
            from rating_disputes where decided_at >= ${since.toISOString()}::timestamptz group by 1`,
    ),
    Promise.all([
      counted(db, sql`rating_appeals`, sql`created_at`, sql`'opened'`, since),
      counted(db, sql`rating_appeals`, sql`decided_at`, sql`status`, since),
    ]).then((parts) => parts.flat()),
    queryRows<Counted>(
      db,
      sql`select to_char(month, 'YYYY-MM') as month, text || ':' || kind as key, n
            from personal_data_refusals where month >= ${since.toISOString()}::date`,
    ),
    queryRows<{ companies: number; employees: number; published_ratings: number }>(
      db,
      sql`select count(*) filter (where user_role = 'employer')::int as companies,
                   count(*) filter (where user_role = 'employee')::int as employees,
                   coalesce(sum(total_ratings_received), 0)::int as published_ratings
            from users where is_active`,
    ),
  ]);

  const byMonth = new Map(months.map((m) => [m, emptyMonth(m)]));
  const each = <R extends { month: string }>(
    rows: R[],
    apply: (month: TransparencyMonth, row: R) => void,
  ) => {
    for (const row of rows) {
      const month = byMonth.get(row.month);
      if (month) apply(month, row);
    }
  };
  each([...posted, ...withdrawnPosted], (m, r) => {
    m.ratings.posted += r.n;
  });
  each(edited, (m, r) => {
    m.ratings.edited = r.n;
  });
  each(withdrawn, (m, r) => {
    m.ratings.withdrawn = r.n;
  });
  each(flagRows, (m, r) => {
    // An automatic flag names its rule; a person's has none.
    const [reason = '', rule = ''] = r.key.split(':');
    m.flags.by_reason[reason] = (m.flags.by_reason[reason] ?? 0) + r.n;
    if (rule) {
      m.flags.by_source.automatic += r.n;
      m.flags.by_rule[rule] = (m.flags.by_rule[rule] ?? 0) + r.n;
    } else m.flags.by_source.people += r.n;
  });
  each(refusals, (m, r) => {
    const [text, kind = ''] = r.key.split(':');
    const refused = m.personal_data_refused;
    if (text === 'rating') refused.ratings += r.n;
    else refused.other_texts += r.n;
    refused.by_kind[kind] = (refused.by_kind[kind] ?? 0) + r.n;
  });
  const actionFigure: Record<string, (m: TransparencyMonth, n: number) => void> = {
    hide_rating: (m, n) => (m.moderation.hidden = n),
    restore_rating: (m, n) => (m.moderation.restored = n),
    hide_reply: (m, n) => (m.moderation.replies_hidden = n),
    suspend_user: (m, n) => (m.accounts.suspended = n),
  };
  each(actions, (m, r) => actionFigure[r.key]?.(m, r.n));
  each(opened, (m, r) => {
    m.disputes.opened = r.n;
  });
  each(decided, (m, r) => {
    if (r.key === 'UPHELD') m.disputes.upheld = r.n;
    if (r.key === 'REJECTED') m.disputes.rejected = r.n;
  });
  each(overdue, (m, r) => {
    m.disputes.overdue = r.n;
  });
  each(medians, (m, r) => {
    m.disputes.median_days_to_decision = Math.round(r.days * 10) / 10;
  });
  each(appeals, (m, r) => {
    if (r.key === 'opened') m.appeals.opened = r.n;
    if (r.key === 'restored') m.appeals.granted = r.n;
    if (r.key === 'rejected') m.appeals.rejected = r.n;
  });
  return {
    generated_at: now.toISOString(),
    months: [...byMonth.values()],
    totals: totals[0] ?? { companies: 0, employees: 0, published_ratings: 0 },
  };
}
