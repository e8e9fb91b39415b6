// The search row of a search that is not exact: its key, words, pieces and signatures, computed by a
// statement of its own and kept per search (searchRowOf), then bound to the page's statement.
import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../../db/client.ts';
import { preparedRaw } from '../../../db/prepared.ts';
import type { DirectoryFilter } from '../repository.ts';
import { PARAMS, role, type Shape } from './shape.ts';

/** The search's key (search_key, drizzle/0018) without its leading space: `qk`. */
const SEARCH_KEY = sql`select btrim(search_key(${PARAMS.search}::text)) as qk`;

/**
 * The search as its key's words (search_key, drizzle/0018), whether it is one word, its first three
 * words as the beginnings of words (`begin1`-`begin3`: a space before each, as before every word of a
 * key; '' for none, which strpos finds in any key) and the others (`begins_rest`), which matchOf
 * tests a user's key for, and the pieces of search_grams its groups' candidates have, from which
 * searchRow picks what each group reads:
 * - group 0: the beginning (up to 12 letters) of each word, a word of one letter too (drizzle/0046,
 *   `starts0`); for a search of one word (`whole0`), the candidates are exactly group 0;
 * - group 1, one word: its first, middle and last 4 letters (or the word, of 3 or 4) inside a word
 *   (`insides1`); several words: the first word's first 4 letters inside a word (`insides1`: where
 *   the first word begins a word too, every word does, and the match is group 0's), or, for a first
 *   word under three letters, the beginning of each later word (each begins a word of a match,
 *   `starts1`). One word under three letters has none: its group 1 is looked for among the first
 *   WALK_LIMIT users of the list (shape.ts).
 * - group 0, several words of which one has 4 letters or more: the word pairs (drizzle/0041) of two
 *   of its words, the first 4 letters of one and the first 2 (or 1) of another (`pairs0`).
 * A search without a word matches no one.
 */
const SEARCH = sql`select qk, words, one,
    coalesce(' ' || words[1], '') as begin1, coalesce(' ' || words[2], '') as begin2, coalesce(' ' || words[3], '') as begin3,
    words[4:] as begins_rest,
    one and length(qk) between 1 and 12 as whole0,
    array(select distinct substr(w, 1, 12) from unnest(words) w where length(w) >= 1) as starts0,
    case when one then array[]::text[] else
      array(select distinct substr(w, 1, 12) from unnest(words[2:]) w where length(w) >= 1) end as starts1,
    case when length(words[1]) < 3 then array[]::text[]
      when not one then array[substr(words[1], 1, 4)]
      else array(select distinct p from unnest(array[substr(qk, 1, 4), substr(qk, (length(qk) - 4) / 2 + 1, 4),
        right(qk, 4)]) p) end as insides1,
    array(select distinct left(u.w, 4) || ' ' || left(v.w, 2)
      from unnest(words) with ordinality u (w, i), unnest(words) with ordinality v (w, j)
      where length(u.w) >= 4 and v.j <> u.i) as pairs0
  from (select qk, string_to_array(qk, ' ') as words, cardinality(string_to_array(qk, ' ')) = 1 as one
        from (${SEARCH_KEY}) a) b`;

/** The longest piece of a list (the first in order of several as long), or none: one index range. */
const longest = (list: string) => `array(select p from unnest(${list}) p order by length(p) desc, p limit 1)`;

/**
 * Of the search's word pairs and its longest word's beginning, the piece the fewest users of the role
 * have (search_gram_counts): a pair is usually far rarer than a name, but a rare long word
 * ("shahabuddin") is rarer than its pairs with a common one. The choice rests on counts that move,
 * but only the speed depends on it: every match has each of these pieces.
 */
const rarestStart = (
  shape: Shape,
) => sql`array(select p from unnest(pairs0 || ${sql.raw(longest('starts0'))}) p
    order by (select coalesce(sum(c.listed), 0) from search_gram_counts c
      where c.user_role = ${role(shape)} and c.gram = p and c.word_start), p limit 1)`;

/**
 * The search row: SEARCH with each group's pieces and, for a skills filter, its signature
 * (skill_bits, drizzle/0021). Only then: skill_bits is an SQL function PostgreSQL cannot inline, so
 * every execution parsed and planned its body again (a seventh of an unfiltered search that found
 * nothing). An exact search is its own one piece and needs only its key: each list above is a
 * subquery that every execution starts, runs and ends.
 *
 * Each group of several words reads one piece's index range and drops, on its entries, the users
 * lacking the other words' beginnings (their word signature, word_bits, drizzle/0026: `mask0`,
 * `mask1`); the check against each user finds the rest. Intersecting every word's piece read all
 * their rows on every search: a later word's beginning ("sh", "mu") begins a large share of all names
 * ("aditya mu" at 1,000,000 users: 108,052 rows). Group 0's piece is its longest word's beginning
 * (`pieces0`); group 1's (`pieces1`), for several words, the first word's letters inside a word, or,
 * for a first word under three letters, the longest later word's beginning (`inside1` says which);
 * for one word, its inside pieces, intersected. A search of several words with a word of 4 letters or
 * more reads, for group 0, the rarest of its word pairs and its longest word's beginning (ADR 0028):
 * about one user in several thousand has a given pair, where one in 100 begins a word with a name.
 */
export function searchRow(shape: Shape): SQL {
  if (shape.exact) {
    return sql`select qk, ' ' || qk as begun from (${SEARCH_KEY}) a`;
  }
  return sql`select *, case when cardinality(pairs0) > 0 then ${rarestStart(shape)}
      else ${sql.raw(longest('starts0'))} end as pieces0,
    case when one or cardinality(insides1) > 0 then insides1 else ${sql.raw(longest('starts1'))} end as pieces1,
    one or cardinality(insides1) > 0 as inside1,
    case when one then 0 else word_bits(words) end as mask0,
    case when one then 0 else word_bits(words[2:]) end as mask1
    ${shape.skills ? sql`, skill_bits(${PARAMS.skills}::text[]) as skill_mask` : sql``}
  from (${SEARCH}) s`;
}

/** The search row (searchRow) of a search that is not exact, as its statement returns it: ROW's values. */
export interface SearchRowValues {
  qk: string;
  /** The first three words, each with a space before it, or ''; then the rest, without. */
  begin1: string;
  begin2: string;
  begin3: string;
  beginsRest: string[];
  one: boolean;
  whole0: boolean;
  pieces0: string[];
  pieces1: string[];
  inside1: boolean;
  /** The signatures (int8) as text: 64 bits are past JavaScript's exact integers. */
  mask0: string;
  mask1: string;
  /** '0' without a skills filter. */
  skillMask: string;
  /** Group 0's piece is a word pair that ranked_grams holds (ranked_gram, drizzle/0048). */
  rankedPair: boolean;
}

const rowStatement = preparedRaw<SearchRowValues, [Shape]>(
  (shape) => sql`select qk, begin1, begin2, begin3, begins_rest as "beginsRest", one, whole0,
    pieces0, pieces1, inside1, mask0::text as mask0, mask1::text as mask1, ${shape.skills ? sql`skill_mask::text` : sql`'0'`} as "skillMask",
    strpos(pieces0[1], ' ') > 0 and ranked_gram(pieces0[1]) as "rankedPair"
    from (${searchRow(shape)}) r`,
);

/**
 * The search rows last asked for, by role, search and skills, in each server process: a row depends
 * on nothing else (search_key, word_bits and skill_bits are immutable functions) but the choice of
 * its word pair, which only the speed rests on, and people search for the same names and pieces
 * again. A row not here costs a round trip of its own (about 0.1 ms).
 */
const searchRows = new LRUCache<string, SearchRowValues>({ max: 10_000 });

/** A search's row when it is not exact (an exact one computes its own, `q`). */
export async function searchRowOf(
  db: Executor,
  shape: Shape,
  filter: DirectoryFilter,
): Promise<SearchRowValues | undefined> {
  if (shape.exact) return undefined;
  const search = filter.search ?? '';
  const skills = shape.skills ? [...new Set(filter.skills ?? [])] : [];
  // Unambiguous whatever the text holds: joined with a separator, a search holding it and another
  // search's skills could share a key, and one would be answered with the other's row.
  const key = JSON.stringify([shape.role, search, skills]);
  const cached = searchRows.get(key);
  if (cached) return cached;
  const [row] = await rowStatement(db, `search_row_${shape.role}_${Number(shape.skills)}`, shape).rows({
    search,
    skills,
  });
  if (!row) throw new Error('the search row statement returned no row');
  searchRows.set(key, row);
  return row;
}
