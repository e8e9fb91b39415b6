// Generates seed data from a seed string alone, without touching the database, as column arrays
// ready for bulk inserts. Users come first (one pass, in chunks); ratings then stream rater by
// rater. Separate random streams for users, ratings and flags keep each part stable when another
// changes.
import { overallScoreTenths, RATING_CATEGORIES, type WorkEntry } from '@workspace/contracts';
import { newUserCode } from '../modules/users/user-code.ts';
import { createRng, type Rng, weightedSampler } from './random.ts';
import {
  CATEGORY_PHRASES,
  CITIES,
  COMPANY_KINDS,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  FIRST_NAMES,
  FLAG_DETAILS,
  JOB_FAMILIES,
  JOB_FAMILY_WEIGHTS,
  type JobFamily,
  LAST_NAMES,
  OPENINGS,
} from './vocabulary.ts';

const DAY_MS = 86_400_000;
/** Users joined within this window before `now`; their ratings follow their joining. */
const HISTORY_DAYS = 730;
const CONTEXTS = ['EMPLOYEE_TO_COMPANY', 'EMPLOYER_TO_EMPLOYEE'] as const;
const CATEGORY_COUNT = 6;
/** Share of ratings written by employees about companies; the rest by employers about employees. */
const EMPLOYEE_TO_COMPANY_SHARE = 0.7;

interface NamedAccount {
  email: string;
  fullName: string;
  city: string;
}

export interface GenerateOptions {
  users: number;
  ratings: number;
  seed: string;
  /** The reference time: everything generated lies before it. */
  now: Date;
  /** Employers among users (default 1 in 8). */
  employerShare?: number;
  firstUserId?: number;
  /** User codes already in the database (append mode). */
  takenCodes?: ReadonlySet<string>;
  /** Rating ids already in the database (append mode): new ones are drawn apart from them. */
  takenRatingIds?: ReadonlySet<number>;
  /** Open flags to raise on random ratings (reported by their ratee). */
  flags?: number;
  /** Fixed identities for the first employee and the first employer (demo logins). */
  named?: { employee?: NamedAccount; employer?: NamedAccount };
}

export interface UserChunk {
  id: number[];
  code: string[];
  email: string[];
  fullName: string[];
  isEmployer: boolean[];
  city: string[];
  linkedin: (string | null)[];
  /** Skills joined with '|'. */
  skills: string[];
  /** work_history as JSON text. */
  workHistory: string[];
  showDetails: boolean[];
  /** date_joined, seconds since the epoch. */
  joined: number[];
}

export interface RatingChunk {
  id: number[];
  rater: number[];
  ratee: number[];
  /** Index into CONTEXTS: 0 EMPLOYEE_TO_COMPANY, 1 EMPLOYER_TO_EMPLOYEE. */
  context: number[];
  anonymous: boolean[];
  feedback: (string | null)[];
  overallTenths: number[];
  /** created_at, seconds since the epoch. */
  createdAt: number[];
  /** One digit per category of the context, in RATING_CATEGORIES order; '0' when not rated. */
  scores: string[];
}

export interface FlagRows {
  ratingId: number[];
  reporterId: number[];
  reason: string[];
  details: (string | null)[];
}

/** What ratings need to know about each user, kept compact for a million users. */
interface UserFacts {
  isEmployer: Uint8Array;
  joinedMs: Float64Array;
  quality: Float32Array;
  categoryOffset: Float32Array;
}

export class SeedPlanError extends Error {}

const contextName = (index: number) => CONTEXTS[index] as (typeof CONTEXTS)[number];

const sampleCity = weightedSampler(CITIES.map(([, w]) => w));
const sampleFamily = weightedSampler(JOB_FAMILY_WEIGHTS.map(([, w]) => w));
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function companyName(rng: Rng): { name: string; family: JobFamily } {
  const [kind, family] = rng.pick(COMPANY_KINDS);
  const suffix = rng.pick(COMPANY_SUFFIXES);
  return { name: [rng.pick(COMPANY_WORDS), kind, suffix].filter(Boolean).join(' '), family };
}

function duration(rng: Rng): string {
  const months = rng.between(4, 72);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [];
  if (years > 0) parts.push(`${years} year${years > 1 ? 's' : ''}`);
  if (rest > 0) parts.push(`${rest} month${rest > 1 ? 's' : ''}`);
  return parts.join(' ');
}

export interface SeedPlan {
  employers: number;
  employees: number;
  /** Ratings per context, by CONTEXTS index. */
  perContext: [number, number];
}

/** How many of each there will be; refuses numbers the users cannot hold. */
export function planSeed(options: Pick<GenerateOptions, 'users' | 'ratings' | 'employerShare'>): SeedPlan {
  const { users, ratings } = options;
  const share = options.employerShare ?? 1 / 8;
  const employers = users < 2 ? 0 : clamp(Math.round(users * share), 1, users - 1);
  const employees = users - employers;
  // Each employee can rate each company once, and each company each employee once.
  const capacity = employers * employees;
  if (ratings > 2 * capacity) {
    throw new SeedPlanError(
      `--ratings ${ratings} is more than the ${2 * capacity} distinct rater/ratee pairs that --users ${users} allow`,
    );
  }
  let toCompanies = Math.min(capacity, Math.round(ratings * EMPLOYEE_TO_COMPANY_SHARE));
  let toEmployees = ratings - toCompanies;
  if (toEmployees > capacity) {
    toCompanies += toEmployees - capacity;
    toEmployees = capacity;
  }
  return { employers, employees, perContext: [toCompanies, toEmployees] };
}

export interface Generated {
  plan: SeedPlan;
  userChunks(size: number): Generator<UserChunk>;
  /** Only after userChunks has run to the end. */
  ratingChunks(size: number): Generator<RatingChunk>;
  /** Only after ratingChunks has run to the end. */
  flags(): FlagRows;
}

export function generate(options: GenerateOptions): Generated {
  const plan = planSeed(options);
  const firstUserId = options.firstUserId ?? 1;
  const nowMs = options.now.getTime();
  const n = options.users;
  const facts: UserFacts = {
    isEmployer: new Uint8Array(n),
    joinedMs: new Float64Array(n),
    quality: new Float32Array(n),
    categoryOffset: new Float32Array(n * CATEGORY_COUNT),
  };
  let namedEmployee = -1;
  let namedEmployer = -1;
  const flagRows: FlagRows = { ratingId: [], reporterId: [], reason: [], details: [] };

  function* userChunks(size: number): Generator<UserChunk> {
    const rng = createRng(`${options.seed}:users`);
    const codes = new Set(options.takenCodes);
    let employersLeft = plan.employers;
    let chunk = emptyUserChunk();
    for (let i = 0; i < n; i++) {
      const id = firstUserId + i;
      // Exactly plan.employers employers, spread evenly at random over the ids.
      const employer = rng.next() < employersLeft / (n - i);
      if (employer) employersLeft--;
      facts.isEmployer[i] = employer ? 1 : 0;
      let named: NamedAccount | undefined;
      if (employer && namedEmployer < 0 && options.named?.employer) {
        named = options.named.employer;
        namedEmployer = i;
      } else if (!employer && namedEmployee < 0 && options.named?.employee) {
        named = options.named.employee;
        namedEmployee = i;
      }
      const ageDays = named ? HISTORY_DAYS - 30 : 1 + rng.next() * (HISTORY_DAYS - 1);
      const joinedMs = nowMs - ageDays * DAY_MS;
      facts.joinedMs[i] = joinedMs;
      // Some users are rated well across the board, some poorly; categories vary around that.
      const quality = clamp(rng.normal(3.6, 0.75), 1.3, 4.8);
      // Demo accounts are well regarded, so their first screens look inviting.
      facts.quality[i] = named ? 4.3 : quality;
      for (let c = 0; c < CATEGORY_COUNT; c++)
        facts.categoryOffset[i * CATEGORY_COUNT + c] = rng.normal(0, 0.35);

      let code: string;
      do code = newUserCode(employer ? 'employer' : 'employee', rng.int);
      while (codes.has(code));
      codes.add(code);
      const city = named?.city ?? (CITIES[sampleCity?.(rng) ?? 0] as readonly [string, number])[0];
      const showDetails = named ? true : !rng.chance(0.07);

      if (employer) {
        const company = companyName(rng);
        const fullName = named?.fullName ?? company.name;
        chunk.fullName.push(fullName);
        chunk.email.push(named?.email ?? `careers.${id}@${slug(fullName).slice(0, 30)}.example.com`);
        chunk.linkedin.push(
          rng.chance(0.7) ? `https://www.linkedin.com/company/${slug(fullName).slice(0, 60)}` : null,
        );
        chunk.skills.push('');
        chunk.workHistory.push('[]');
      } else {
        const first = rng.pick(FIRST_NAMES);
        const last = rng.pick(LAST_NAMES);
        const fullName = named?.fullName ?? `${first} ${last}`;
        chunk.fullName.push(fullName);
        chunk.email.push(named?.email ?? `${slug(first)}.${slug(last)}.${id}@example.com`);
        chunk.linkedin.push(
          rng.chance(0.45)
            ? `https://www.linkedin.com/in/${slug(first)}-${slug(last)}-${code.slice(4).toLowerCase()}`
            : null,
        );
        const family = (JOB_FAMILY_WEIGHTS[sampleFamily?.(rng) ?? 0] as readonly [JobFamily, number])[0];
        const { skills, titles } = JOB_FAMILIES[family];
        const mine = rng.sample(skills, rng.between(3, 8));
        if (rng.chance(0.3)) {
          const extra = rng.pick(['Leadership', 'Teamwork', 'Communication', 'English', 'Excel']);
          if (!mine.some((s) => s.toLowerCase() === extra.toLowerCase())) mine.push(extra);
        }
        chunk.skills.push(mine.join('|'));
        const jobs = rng.pick([0, 1, 1, 1, 2, 2, 2, 3, 3, 4]);
        const history: WorkEntry[] = [];
        for (let j = 0; j < jobs; j++) {
          history.push({
            company: companyName(rng).name,
            position: rng.pick(titles),
            duration: duration(rng),
          });
        }
        chunk.workHistory.push(JSON.stringify(history));
      }
      chunk.id.push(id);
      chunk.code.push(code);
      chunk.isEmployer.push(employer);
      chunk.city.push(city);
      chunk.showDetails.push(showDetails);
      chunk.joined.push(joinedMs / 1000);
      if (chunk.id.length >= size) {
        yield chunk;
        chunk = emptyUserChunk();
      }
    }
    if (chunk.id.length > 0) yield chunk;
  }

  function* ratingChunks(size: number): Generator<RatingChunk> {
    const rng = createRng(`${options.seed}:ratings`);
    const flagRng = createRng(`${options.seed}:flags`);
    const employers: number[] = [];
    const employees: number[] = [];
    for (let i = 0; i < n; i++) (facts.isEmployer[i] ? employers : employees).push(i);

    // How much of the history a user has been here for. A user's ratings, given and received, are
    // in proportion to it, so each profile is rated at its own steady pace: a profile that joined
    // last week with a whole popular profile's share of ratings would be a burst of unusual
    // activity (ADR 0017), and so would raters who joined yesterday with a lifetime's ratings.
    const lifeShare = (user: number) => (nowMs - (facts.joinedMs[user] as number)) / (HISTORY_DAYS * DAY_MS);
    // Popularity: a few companies draw most reviews, a long tail draws few, and some have none
    // yet; employees' popularity is flatter.
    const popularity = (group: number[], exponent: number, unrated: number, named: number) => {
      const ranks = rng.shuffle(group.map((_, k) => k));
      const weights = new Float64Array(group.length);
      group.forEach((user, k) => {
        if (user === named) weights[k] = 1;
        else if (group.length > 3 && rng.chance(unrated)) weights[k] = 0;
        else weights[k] = (1 + (ranks[k] as number)) ** -exponent * lifeShare(user);
      });
      return weights;
    };
    const rateeWeights = [
      popularity(employers, 0.9, 0.08, namedEmployer),
      popularity(employees, 0.5, 0.05, namedEmployee),
    ];
    const raterGroups = [employees, employers];
    const rateeGroups = [employers, employees];
    const flagChance = (options.flags ?? 0) / Math.max(1, options.ratings);
    const nextId = ratingIds(createRng(`${options.seed}:rating-ids`), options.takenRatingIds);
    let chunk = emptyRatingChunk();

    for (const context of [0, 1] as const) {
      const raters = raterGroups[context] as number[];
      const ratees = rateeGroups[context] as number[];
      const weights = rateeWeights[context] as Float64Array;
      let reachable = weights.reduce((count, w) => count + (w > 0 ? 1 : 0), 0);
      if (raters.length * reachable < plan.perContext[context]) {
        // So many ratings wanted that nobody can stay unrated.
        weights.forEach((w, k) => {
          if (w === 0) weights[k] = (1 + ratees.length) ** -1;
        });
        reachable = ratees.length;
      }
      const sampleRatee = weightedSampler(weights);
      const counts = raterCounts(
        rng,
        raters,
        lifeShare,
        plan.perContext[context],
        reachable,
        context === 0 ? namedEmployee : namedEmployer,
      );
      const categories = RATING_CATEGORIES[contextName(context)];
      const chosen = new Set<number>();

      for (let r = 0; r < raters.length; r++) {
        const k = counts[r] as number;
        if (k === 0 || !sampleRatee) continue;
        const rater = raters[r] as number;
        const bias = rng.normal(0, 0.35);
        chosen.clear();
        for (let attempts = 0; chosen.size < k && attempts < k * 30; attempts++) chosen.add(sampleRatee(rng));
        // Nearly every reachable ratee wanted: take the rest in order from a random start.
        for (let s = 0, start = rng.int(ratees.length); chosen.size < k; s++) {
          const index = (start + s) % ratees.length;
          if ((weights[index] as number) > 0) chosen.add(index);
        }
        for (const index of chosen) {
          const ratee = ratees[index] as number;
          const digits: number[] = [];
          const scored: number[] = [];
          const subset = rng.chance(0.6) ? null : new Set(rng.sample([0, 1, 2, 3, 4, 5], rng.between(1, 5)));
          const base = (facts.quality[ratee] as number) + bias;
          for (let c = 0; c < CATEGORY_COUNT; c++) {
            if (subset && !subset.has(c)) {
              digits.push(0);
              continue;
            }
            const raw =
              base + (facts.categoryOffset[ratee * CATEGORY_COUNT + c] as number) + rng.normal(0, 0.7);
            const score = clamp(Math.round(raw), 1, 5);
            digits.push(score);
            scored.push(score);
          }
          const overall = overallScoreTenths(scored);
          const anonymous = rng.chance(overall < 30 ? 0.35 : 0.2);
          const feedback = rng.chance(0.45) ? reviewText(rng, context, categories, digits, overall) : null;
          const start =
            Math.max(facts.joinedMs[rater] as number, facts.joinedMs[ratee] as number) + 3_600_000;
          const createdMs = start + rng.next() * Math.max(0, nowMs - 60_000 - start);
          const id = nextId();
          chunk.id.push(id);
          chunk.rater.push(firstUserId + rater);
          chunk.ratee.push(firstUserId + ratee);
          chunk.context.push(context);
          chunk.anonymous.push(anonymous);
          chunk.feedback.push(feedback);
          chunk.overallTenths.push(overall);
          chunk.createdAt.push(Math.floor(createdMs) / 1000);
          chunk.scores.push(digits.join(''));
          if (flagChance > 0 && flagRng.chance(flagChance)) {
            flagRows.ratingId.push(id);
            flagRows.reporterId.push(firstUserId + ratee);
            flagRows.reason.push(
              flagRng.pick(['FAKE', 'FAKE', 'OFFENSIVE', 'SPAM', 'CONFLICT_OF_INTEREST', 'OTHER']),
            );
            flagRows.details.push(flagRng.chance(0.6) ? flagRng.pick(FLAG_DETAILS) : null);
          }
          if (chunk.id.length >= size) {
            yield chunk;
            chunk = emptyRatingChunk();
          }
        }
      }
    }
    if (chunk.id.length > 0) yield chunk;
  }

  return { plan, userChunks, ratingChunks, flags: () => flagRows };
}

/**
 * Rating ids as the database draws them (drizzle/0014, ADR 0016): random in [1, 2^53), none twice,
 * none already taken; from the seed's own stream, so the same seed gives the same ids.
 */
function ratingIds(rng: Rng, taken: ReadonlySet<number> = new Set()): () => number {
  const used = new Set<number>();
  return () => {
    for (;;) {
      // 21 high bits and 32 low bits: 2^53 values, exact as a JavaScript number.
      const id = Math.floor(rng.next() * 2 ** 21) * 2 ** 32 + Math.floor(rng.next() * 2 ** 32);
      if (id === 0 || used.has(id) || taken.has(id)) continue;
      used.add(id);
      return id;
    }
  };
}

/**
 * Ratings per rater: a heavy-tailed activity (most write a few, some write many) times the rater's
 * share of the history, scaled to the exact total, each at most `cap` (the ratees they can reach).
 */
function raterCounts(
  rng: Rng,
  raters: number[],
  lifeShare: (user: number) => number,
  total: number,
  cap: number,
  named: number,
): Int32Array {
  const counts = new Int32Array(raters.length);
  if (total === 0 || raters.length === 0) return counts;
  const activity = raters.map((user) =>
    user === named ? 3 : Math.exp(rng.normal(0, 0.9)) * lifeShare(user),
  );
  const sum = activity.reduce((a, b) => a + b, 0);
  let assigned = 0;
  const shares = activity.map((a) => (total * a) / sum);
  shares.forEach((share, r) => {
    counts[r] = Math.min(cap, Math.floor(share));
    assigned += counts[r] as number;
  });
  // Hand out the remainder one at a time to raters with room left, largest unmet share first: in a
  // random order, the raters who joined this week would each get one, all from fresh accounts.
  const unmet = shares.map((share) => share % 1);
  const order = raters.map((_, r) => r).sort((a, b) => (unmet[b] as number) - (unmet[a] as number) || a - b);
  while (assigned < total) {
    for (const r of order) {
      if (assigned === total) break;
      if ((counts[r] as number) < cap) {
        counts[r] = (counts[r] as number) + 1;
        assigned++;
      }
    }
  }
  return counts;
}

function reviewText(
  rng: Rng,
  context: number,
  categories: readonly string[],
  digits: number[],
  overallTenths: number,
): string {
  const tone = overallTenths >= 40 ? 'good' : overallTenths >= 30 ? 'mixed' : 'poor';
  const openings = OPENINGS[contextName(context)];
  const sentences: string[] = [rng.pick(openings[tone])];
  let best = -1;
  let worst = -1;
  digits.forEach((score, c) => {
    if (score === 0) return;
    if (best < 0 || score > (digits[best] as number)) best = c;
    if (worst < 0 || score < (digits[worst] as number)) worst = c;
  });
  const phrases = (c: number) => CATEGORY_PHRASES[categories[c] as string];
  if (best >= 0 && (digits[best] as number) >= 4) sentences.push(rng.pick(phrases(best)?.good ?? []));
  if (worst >= 0 && worst !== best && (digits[worst] as number) <= 2)
    sentences.push(rng.pick(phrases(worst)?.poor ?? []));
  return sentences.filter(Boolean).join(' ');
}

function emptyUserChunk(): UserChunk {
  return {
    id: [],
    code: [],
    email: [],
    fullName: [],
    isEmployer: [],
    city: [],
    linkedin: [],
    skills: [],
    workHistory: [],
    showDetails: [],
    joined: [],
  };
}

function emptyRatingChunk(): RatingChunk {
  return {
    id: [],
    rater: [],
    ratee: [],
    context: [],
    anonymous: [],
    feedback: [],
    overallTenths: [],
    createdAt: [],
    scores: [],
  };
}
