// A small seeded pseudo-random generator (sfc32, seeded through a string hash) so that the same
// --seed gives the same data on every machine and engine. Not for anything secret.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, max). */
  int(max: number): number;
  /** Integer in [min, max]. */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Normally distributed (Box-Muller). */
  normal(mean: number, deviation: number): number;
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: T[]): T[];
}

/** cyrb128: four 32-bit words from a string, to seed sfc32. */
function hashSeed(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export function createRng(seed: string | number): Rng {
  let [a, b, c, d] = hashSeed(String(seed));
  const next = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();

  let spareNormal: number | null = null;
  const rng: Rng = {
    next,
    int: (max) => Math.floor(next() * max),
    between: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    normal(mean, deviation) {
      if (spareNormal !== null) {
        const z = spareNormal;
        spareNormal = null;
        return mean + deviation * z;
      }
      const u = 1 - next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spareNormal = r * Math.sin(2 * Math.PI * v);
      return mean + deviation * r * Math.cos(2 * Math.PI * v);
    },
    sample(items, count) {
      return rng.shuffle([...items]).slice(0, count);
    },
    shuffle(items) {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j] as (typeof items)[number], items[i] as (typeof items)[number]];
      }
      return items;
    },
  };
  return rng;
}

/** Sampling from fixed weights in O(log n): cumulative sums and a binary search. */
export function weightedSampler(weights: ArrayLike<number>): ((rng: Rng) => number) | null {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    total += weights[i] as number;
    cumulative[i] = total;
  }
  if (total <= 0) return null;
  return (rng) => {
    const target = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    // The first cumulative sum above the target: never a zero-weight entry.
    return lo;
  };
}
