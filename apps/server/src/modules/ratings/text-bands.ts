// Which recent texts may be copies of a given one, found without comparing it with all of them
// (ADR 0023): MinHash with locality-sensitive hashing over the same trigrams pg_trgm compares. Each
// text is summarised by BANDS band keys; two texts whose trigram sets are 90 % alike share at least
// one key with probability 1 - (1 - 0.9^ROWS)^BANDS = 0.99989 (more alike, more surely), while two
// unrelated reviews almost never do. The keys only propose candidates: the rule itself is pg_trgm's
// similarity, computed by PostgreSQL on those few (copied-text.ts).

/** Hashes per band, and bands per text: the recall and cost trade described above. */
const ROWS = 7;
const BANDS = 14;

/** The trigrams of a text as pg_trgm makes them: lower-cased words of letters and digits, padded. */
function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
    const padded = Array.from(`  ${word} `);
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3).join(''));
  }
  return grams;
}

/** FNV-1a over a string's UTF-16 units: the trigram's base hash. */
function fnv1a(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** MurmurHash3's finaliser: spreads a 32-bit value over all bits. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** One seed per hash function, fixed forever: stored keys must stay comparable with new ones. */
const SEEDS = Array.from({ length: ROWS * BANDS }, (_, i) => mix(Math.imul(i + 1, 0x9e3779b9)));

/**
 * The text's band keys: for band b, b × 2^32 plus a hash of its ROWS minimum hashes. Empty for a text
 * without a word.
 */
export function bandKeysOf(text: string): number[] {
  const grams = [...trigramsOf(text)].map(fnv1a);
  if (grams.length === 0) return [];
  const minimums = SEEDS.map((seed) => {
    let least = 0xffffffff;
    for (const gram of grams) {
      const h = mix(gram ^ seed);
      if (h < least) least = h;
    }
    return least;
  });
  return Array.from({ length: BANDS }, (_, band) => {
    let hash = 0x811c9dc5;
    for (let row = 0; row < ROWS; row++) hash = mix(hash ^ (minimums[band * ROWS + row] as number));
    return band * 2 ** 32 + hash;
  });
}
