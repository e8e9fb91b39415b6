// The public transparency report (DESIGN §8.2): what happened to ratings, flags, disputes, appeals
// and accounts, month by month, counted from the tables and the moderation log; no personal data.
import { z } from 'zod';
import { isoDateTime } from './common.ts';

const n = z.number().int().nonnegative();

export const transparencyMonth = z.object({
  /** The calendar month in UTC, 'YYYY-MM'. */
  month: z.string(),
  ratings: z.object({ posted: n, edited: n, withdrawn: n }),
  flags: z.object({
    /** Every flag reason, zeros included. */
    by_reason: z.record(z.string(), n),
    by_source: z.object({ people: n, automatic: n }),
    /** The automatic flags by the rule that raised them (AUTOMATIC_FLAG_RULES), zeros included. */
    by_rule: z.record(z.string(), n),
  }),
  /**
   * Texts the API refused because they carried personal data (ADR 0022): ratings' feedback, other
   * published texts (replies, disputes, appeals), and by kind (PERSONAL_DATA_KINDS, zeros included).
   * The web forms warn before sending, so these are what reached the server anyway.
   */
  personal_data_refused: z.object({ ratings: n, other_texts: n, by_kind: z.record(z.string(), n) }),
  moderation: z.object({ hidden: n, restored: n, replies_hidden: n }),
  disputes: z.object({
    opened: n,
    upheld: n,
    rejected: n,
    /** Disputes due this month that were decided late or are still open past their due date. */
    overdue: n,
    /** Median days from filing to decision of the disputes decided this month; null when none. */
    median_days_to_decision: z.number().nullable(),
  }),
  appeals: z.object({ opened: n, granted: n, rejected: n }),
  accounts: z.object({ suspended: n }),
});
export type TransparencyMonth = z.infer<typeof transparencyMonth>;

export const transparencyReport = z.object({
  generated_at: isoDateTime,
  /** Oldest first, every month present (zeros included). */
  months: z.array(transparencyMonth),
  /** Live totals, as shown on the landing page. */
  totals: z.object({ companies: n, employees: n, published_ratings: n }),
});
export type TransparencyReport = z.infer<typeof transparencyReport>;
