// Copied text (DESIGN §9.4, ADR 0023): a new or edited feedback text long enough to compare is
// compared by pg_trgm similarity with the recent texts that share one of its band keys
// (text-bands.ts); a near-identical text by another account flags the rating as `copied_text`, one by
// the same account on another profile as `repeated_text`. Each flag names the rating that matched,
// for the moderators' side-by-side view. The text's own keys are stored for the texts that follow: a
// new rating's by its own statement (ratings/repository.ts insertRating), an edited one's here.
import { type AutomaticFlagRule, COPIED_TEXT, type FlagFacts } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { bandKeysOf } from './text-bands.ts';

const { minChars, similarity, days } = COPIED_TEXT;

/** Whether a text is long enough for the rule; shorter ones are never compared or stored. */
export const comparable = (text: string | null | undefined): text is string =>
  typeof text === 'string' && [...text].length >= minChars;

/** Where the rule's window starts: texts written or edited before it are no longer compared. */
const windowStart = sql`now() - make_interval(days => ${days})`;

export interface WrittenText {
  ratingId: number;
  raterId: number;
  rateeId: number;
  text: string;
}

/** The closest recent text of one kind (another account's, or the same account's elsewhere). */
export interface Match {
  id: number;
  same_rater: boolean;
  score: number;
}

/**
 * The recent texts that reach the rule's similarity to `text`, of the ratings that share one of
 * `bands` (sql, a bigint[]), the closest of each kind first: another account's (same_rater false) and
 * the same account's on another profile. Rows: id, same_rater, score. The statement that stores a
 * text's keys does not see them, so a text never meets itself.
 */
export const closestTextsQuery = (bands: SQL, text: SQL, raterId: SQL, rateeId: SQL) => sql`
  select distinct on (same_rater) id, same_rater, score from (
    select r.id, r.rater_id = ${raterId} as same_rater, similarity(r.feedback_message, ${text}) as score
    from (select distinct rating_id from feedback_bands
          where band = any(${bands}) and written_at > ${windowStart}) c
    join ratings r on r.id = c.rating_id
    where r.rater_id <> ${raterId} or r.ratee_id <> ${rateeId}
  ) m
  where score >= ${similarity}
  order by same_rater, score desc, id`;

/** The band keys to store for a text: none for one too short for the rule. */
export const bandsToStore = (text: string | null): number[] => (comparable(text) ? bandKeysOf(text) : []);

/**
 * An edited text: replaces its keys and returns the closest recent texts (a new rating's statement
 * does both itself, ratings/repository.ts insertRating).
 */
async function closestToEdited(db: Db, written: WrittenText): Promise<Match[]> {
  const bands = sql`${sql.param(bandKeysOf(written.text))}::bigint[]`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from feedback_bands where rating_id = ${written.ratingId}`);
    const matches = await queryRows<Match>(
      tx,
      closestTextsQuery(
        bands,
        sql`${written.text}::text`,
        sql`${written.raterId}::int`,
        sql`${written.rateeId}::int`,
      ),
    );
    await tx.execute(
      sql`insert into feedback_bands (band, rating_id, written_at)
          select band, ${written.ratingId}, now() from unnest(${bands}) as t(band)`,
    );
    return matches;
  });
}

/**
 * Flags the rating once per rule its text met: `matches` as a new rating's statement found them, or,
 * without, found now for an edited text. Returns the rules newly flagged. The rating stands whatever
 * this finds.
 */
export async function flagCopiedText(
  db: Db,
  written: WrittenText,
  found?: readonly Match[],
): Promise<AutomaticFlagRule[]> {
  if (!comparable(written.text)) return [];
  const matches = found ?? (await closestToEdited(db, written));
  if (matches.length === 0) return [];
  const flags = matches.map((match) => {
    const rule: AutomaticFlagRule = match.same_rater ? 'repeated_text' : 'copied_text';
    // The flag's figure for the moderator (worded by the web app): how alike.
    const facts: FlagFacts = { alike_percent: Math.round(Number(match.score) * 100) };
    return { rule, matched: Number(match.id), facts: JSON.stringify(facts) };
  });
  const flagged = await queryRows<{ rule: AutomaticFlagRule }>(
    db,
    sql`insert into flags (rating_id, reporter_id, reason, rule, matched_rating_id, facts)
        select ${written.ratingId}, null, 'UNUSUAL_ACTIVITY', t.rule, t.matched, t.facts
        from unnest(${sql.param(flags.map((f) => f.rule))}::text[],
                    ${sql.param(flags.map((f) => f.matched))}::bigint[],
                    ${sql.param(flags.map((f) => f.facts))}::jsonb[]) as t(rule, matched, facts)
        on conflict (rating_id, rule) where reporter_id is null do nothing
        returning rule`,
  );
  // Nothing the rated party or anyone but moderators sees changes: the profile's notice is a
  // burst's (BURST_FLAG_RULES), so the ratee's view version stays.
  return flagged.map((row) => row.rule);
}

/** Forgets the band keys of texts past the rule's window (the purge). Returns how many went. */
export async function purgeOldBands(db: Executor): Promise<number> {
  const gone = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from feedback_bands where written_at <= ${windowStart} returning 1)
        select count(*)::int as n from gone`,
  );
  return gone[0]?.n ?? 0;
}
