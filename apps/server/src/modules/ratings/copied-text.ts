// Copied text (DESIGN §9.4, ADR 0023): a new or edited feedback text long enough to compare is looked
// up by trigram among the texts written in the last COPIED_TEXT.days; a near-identical text by
// another account flags the rating as `copied_text`, one by the same account on another profile as
// `repeated_text`. Each flag names the rating that matched, for the moderators' side-by-side view.
import { type AutomaticFlagRule, COPIED_TEXT } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { touchUsers } from '../users/repository.ts';

const { minChars, similarity, days } = COPIED_TEXT;

/** The predicate of the partial trigram index (drizzle/0033), spelled as it is so the planner uses it. */
const longEnough = sql.raw(`char_length(r.feedback_message) >= ${minChars}`);

/** Whether a text is long enough for the rule; shorter ones are never compared. */
export const comparable = (text: string | null | undefined): text is string =>
  typeof text === 'string' && [...text].length >= minChars;

export interface WrittenText {
  ratingId: number;
  raterId: number;
  rateeId: number;
  text: string;
}

interface Match {
  id: number;
  same_rater: boolean;
  score: number;
}

/** The closest text of each kind written in the window, best first. */
async function closestTexts(db: Db, written: WrittenText): Promise<Match[]> {
  return db.transaction(async (tx) => {
    // `%` compares with this threshold, and GIN's scan needs it to read only the rarest trigrams.
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(similarity)}, true)`);
    return queryRows<Match>(
      tx,
      sql`select distinct on (same_rater) id, same_rater, score from (
            select r.id, r.rater_id = ${written.raterId} as same_rater,
                   similarity(r.feedback_message, ${written.text}) as score
            from ratings r
            where ${longEnough} and r.feedback_message % ${written.text}
              and r.id <> ${written.ratingId}
              and coalesce(r.edited_at, r.created_at) > now() - make_interval(days => ${days})
              and (r.rater_id <> ${written.raterId} or r.ratee_id <> ${written.rateeId})
          ) m
          order by same_rater, score desc, id`,
    );
  });
}

/** What a moderator reads on the flag: the rule, how alike, no personal data. */
function details(rule: AutomaticFlagRule, score: number): string {
  const alike = `${Math.round(score * 100)} % alike`;
  return rule === 'copied_text'
    ? `Copied text: ${alike} to another account's rating of the last ${days} days.`
    : `Repeated text: ${alike} to this account's rating of another profile in the last ${days} days.`;
}

/**
 * Runs the rule on a rating's text as written and flags the rating once per rule that matches.
 * Returns the rules newly flagged. The rating stands whatever this finds.
 */
export async function flagCopiedText(db: Db, written: WrittenText): Promise<AutomaticFlagRule[]> {
  if (!comparable(written.text)) return [];
  const matches = await closestTexts(db, written);
  if (matches.length === 0) return [];
  const flags = matches.map((match) => {
    const rule: AutomaticFlagRule = match.same_rater ? 'repeated_text' : 'copied_text';
    return { rule, matched: Number(match.id), details: details(rule, match.score) };
  });
  const flagged = await queryRows<{ rule: AutomaticFlagRule }>(
    db,
    sql`insert into flags (rating_id, reporter_id, reason, rule, matched_rating_id, details)
        select ${written.ratingId}, null, 'UNUSUAL_ACTIVITY', t.rule, t.matched, t.details
        from unnest(${sql.param(flags.map((f) => f.rule))}::text[],
                    ${sql.param(flags.map((f) => f.matched))}::bigint[],
                    ${sql.param(flags.map((f) => f.details))}::text[]) as t(rule, matched, details)
        on conflict (rating_id, rule) where reporter_id is null do nothing
        returning rule`,
  );
  if (flagged.length > 0) await touchUsers(db, [written.rateeId]);
  return flagged.map((row) => row.rule);
}
