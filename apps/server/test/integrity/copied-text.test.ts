// Copied text (DESIGN §9.4, ADR 0023) on a real database through the API: a long text nearly
// identical to another account's recent one, or one account's text on a second profile, is flagged
// automatically with the rule named and the matched rating shown to moderators; short texts, merely
// similar texts, old texts and a rater's own rating never match.
import {
  COPIED_TEXT,
  type FlagFacts,
  type FlaggedRating,
  type FlagsResponse,
  type ProfileResponse,
} from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { purgeExpired } from '../../src/modules/privacy/repository.ts';
import { bandKeysOf } from '../../src/modules/ratings/text-bands.ts';
import { get, makeUser, rate, type TestUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let moderator: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  moderator = await makeUser(ctx, 'moderator');
});
afterAll(() => ctx.close());

// Accounts opened long ago, each rating a company of its own or two: no burst rule comes near.
const employee = () => makeUser(ctx, 'employee', { dateJoined: new Date(Date.now() - 400 * DAY) });
const company = () => makeUser(ctx, 'employer');

const REVIEW =
  'The onboarding was rushed and my manager changed the targets every week, but the team lunches on Friday and the flexible hours made up for a lot of it.';
const OTHER_REVIEW =
  'Salary came on the seventh of every month without fail, the appraisal cycle was transparent and the canteen food at the Whitefield office was honestly great.';
// Texts within a test file meet each other's; this one is kept apart from both above.
const EMPLOYER_STYLE_REVIEW =
  'Reliable developer who shipped the billing migration on time, wrote clear documentation and mentored two interns through their first quarter with us.';

const post = (rater: TestUser, ratee: TestUser, text: string, anonymous = false) =>
  rate(ctx, rater, ratee, { feedback_message: text, is_anonymous: anonymous });

async function automaticFlags(ratingId: number) {
  return queryRows<{
    rule: string;
    matched_rating_id: number | null;
    details: string | null;
    facts: FlagFacts;
  }>(
    ctx.deps.db,
    sql`select rule, matched_rating_id, details, facts from flags
        where rating_id = ${ratingId} and reporter_id is null order by rule`,
  );
}

async function similarityOf(a: string, b: string): Promise<number> {
  const [row] = await queryRows<{ s: number }>(ctx.deps.db, sql`select similarity(${a}, ${b}) as s`);
  return Number(row?.s);
}

describe('a copy of another account’s recent text', () => {
  it('flags the copy with the rule named and the text it matched, and leaves the first alone', async () => {
    const [first, second] = await Promise.all([employee(), employee()]);
    const original = await post(first, await company(), REVIEW, true);
    const copy = await post(second, await company(), REVIEW);
    expect(await automaticFlags(original.id)).toEqual([]);
    const [flag, ...more] = await automaticFlags(copy.id);
    expect(more).toEqual([]);
    expect(flag).toMatchObject({ rule: 'copied_text', matched_rating_id: original.id });
    expect(flag).toMatchObject({ details: null, facts: { alike_percent: 100 } });
  });

  it('puts no public notice on the copied profile: the notice is a burst’s, the copy the moderators’', async () => {
    const [first, second, viewer] = await Promise.all([employee(), employee(), employee()]);
    const copied = await company();
    const text = `${OTHER_REVIEW} Posted again elsewhere.`;
    await post(first, await company(), text);
    const copy = await post(second, copied, text);
    expect(await automaticFlags(copy.id)).toMatchObject([{ rule: 'copied_text' }]);
    const profile = await get<ProfileResponse>(ctx, viewer, `/api/core/users/${copied.id}/profile/`);
    expect(profile.body.unusual_activity).toBe(false);
  });

  it('catches a copy with a word changed, case and punctuation aside', async () => {
    const altered = REVIEW.replace('every week', 'every single week').toUpperCase().replaceAll(',', ';');
    expect(await similarityOf(REVIEW, altered)).toBeGreaterThanOrEqual(COPIED_TEXT.similarity);
    const [first, second] = await Promise.all([employee(), employee()]);
    const original = await post(first, await company(), `${REVIEW} Altered case.`);
    const copy = await post(second, await company(), `${altered} Altered case.`);
    expect(await automaticFlags(copy.id)).toMatchObject([
      { rule: 'copied_text', matched_rating_id: original.id },
    ]);
  });

  it('never matches short texts, different reviews on the same themes, or texts older than the window', async () => {
    const short = 'Good company, good people, good salary.';
    const raters = await Promise.all([employee(), employee(), employee(), employee()]);
    const shortOnes = [];
    for (const rater of raters) shortOnes.push(await post(rater, await company(), short));
    for (const rating of shortOnes) expect(await automaticFlags(rating.id)).toEqual([]);

    // Two genuine reviews that share words and themes stay well apart.
    const themed = `${OTHER_REVIEW} The appraisal was fair.`;
    const themedToo =
      'The canteen at the Whitefield office was great and the salary always came on time, though the appraisal cycle was slow and nobody explained the ratings.';
    expect(await similarityOf(themed, themedToo)).toBeLessThan(COPIED_TEXT.similarity);
    const [a, b] = await Promise.all([employee(), employee()]);
    await post(a, await company(), themed);
    const second = await post(b, await company(), themedToo);
    expect(await automaticFlags(second.id)).toEqual([]);

    // A text written before the window is not "recent".
    const old = `${OTHER_REVIEW} Written long ago.`;
    const [c, d] = await Promise.all([employee(), employee()]);
    const before = await post(c, await company(), old);
    await ctx.deps.db.execute(
      sql`update ratings set created_at = now() - make_interval(days => ${COPIED_TEXT.days + 1})
          where id = ${before.id}`,
    );
    await ctx.deps.db.execute(
      sql`update feedback_bands set written_at = now() - make_interval(days => ${COPIED_TEXT.days + 1})
          where rating_id = ${before.id}`,
    );
    const later = await post(d, await company(), old);
    expect(await automaticFlags(later.id)).toEqual([]);
  });

  it('meets an edit that turns a short text into a copy', async () => {
    const [first, second] = await Promise.all([employee(), employee()]);
    const text = `${REVIEW} Edited in.`;
    const original = await post(first, await company(), text);
    const edited = await post(second, await company(), 'Fine.');
    expect(await automaticFlags(edited.id)).toEqual([]);
    const answer = await call(ctx.app, 'PATCH', `/api/core/ratings/${edited.id}/`, {
      token: second.token,
      body: { feedback_message: text },
    });
    expect(answer.status).toBe(204);
    expect(await automaticFlags(edited.id)).toMatchObject([
      { rule: 'copied_text', matched_rating_id: original.id },
    ]);
  });
});

describe('one account’s text on several profiles', () => {
  it('flags the second profile’s rating as repeated text, and an edit of one’s own rating matches nothing', async () => {
    const rater = await employee();
    const text = EMPLOYER_STYLE_REVIEW;
    const first = await post(rater, await company(), text);
    expect(await automaticFlags(first.id)).toEqual([]);
    // Saving the same text again on the same rating is no repeat.
    const same = await call(ctx.app, 'PATCH', `/api/core/ratings/${first.id}/`, {
      token: rater.token,
      body: { feedback_message: `${text} ` },
    });
    expect(same.status).toBe(204);
    expect(await automaticFlags(first.id)).toEqual([]);

    const second = await post(rater, await company(), text);
    const [flag] = await automaticFlags(second.id);
    expect(flag).toMatchObject({ rule: 'repeated_text', matched_rating_id: first.id });
    expect(flag).toMatchObject({ details: null, facts: { alike_percent: 100 } });
  });
});

describe('the moderators’ card', () => {
  it('shows the flagged text and the matched one side by side, with their raters even behind anonymity', async () => {
    const [first, second] = await Promise.all([employee(), employee()]);
    const [one, two] = await Promise.all([company(), company()]);
    const text = `${REVIEW} For the card.`;
    const original = await post(first, one, text, true);
    const copy = await post(second, two, text);

    const queue = await get<FlagsResponse>(ctx, moderator, '/api/moderation/flags/?page_size=100');
    expect(queue.status).toBe(200);
    const item = queue.body.results.find((entry: FlaggedRating) => entry.rating.id === copy.id);
    expect(item?.rating.feedback_message).toBe(text);
    expect(item?.flags).toEqual([
      expect.objectContaining({
        reason: 'UNUSUAL_ACTIVITY',
        rule: 'copied_text',
        reporter_id: null,
        status: 'open',
        matched: {
          rating_id: original.id,
          rating: {
            feedback_message: text,
            rater_name: first.fullName,
            ratee_name: one.fullName,
            created_at: original.created_at,
          },
        },
      }),
    ]);

    // A withdrawn original leaves its id and no text.
    const withdrawn = await call(ctx.app, 'DELETE', `/api/core/ratings/${original.id}/`, {
      token: first.token,
    });
    expect(withdrawn.status).toBe(204);
    const after = await get<FlagsResponse>(ctx, moderator, '/api/moderation/flags/?page_size=100');
    const kept = after.body.results.find((entry: FlaggedRating) => entry.rating.id === copy.id);
    expect(kept?.flags[0]?.matched).toEqual({ rating_id: original.id, rating: null });
  });

  it('is for moderators only', async () => {
    const person = await employee();
    const answer = await get(ctx, person, '/api/moderation/flags/');
    expect(answer.status).toBe(403);
  });
});

describe('the keys that find the candidates', () => {
  it('are shared by every variant 90 % alike or more, and by no unrelated review', async () => {
    const words = REVIEW.split(' ');
    const variants = words.flatMap((word, i) => [
      // A word changed, dropped or doubled, one at a time.
      [...words.slice(0, i), `${word}s`, ...words.slice(i + 1)].join(' '),
      [...words.slice(0, i), ...words.slice(i + 1)].join(' '),
      [...words.slice(0, i), word, word, ...words.slice(i + 1)].join(' '),
    ]);
    const keys = new Set(bandKeysOf(REVIEW));
    let alike = 0;
    for (const variant of variants) {
      if ((await similarityOf(REVIEW, variant)) < COPIED_TEXT.similarity) continue;
      alike += 1;
      expect(
        bandKeysOf(variant).some((key) => keys.has(key)),
        variant,
      ).toBe(true);
    }
    expect(alike).toBeGreaterThan(40);
    for (const other of [OTHER_REVIEW, EMPLOYER_STYLE_REVIEW]) {
      expect(bandKeysOf(other).some((key) => keys.has(key))).toBe(false);
    }
  });

  it('are purged once past the window, and a withdrawn rating takes its own along', async () => {
    const [rater, other] = await Promise.all([employee(), employee()]);
    const kept = await post(rater, await company(), `${OTHER_REVIEW} Kept for the purge.`);
    const old = await post(other, await company(), `${EMPLOYER_STYLE_REVIEW} Old for the purge.`);
    const bandsOf = async (ratingId: number) =>
      (
        await queryRows<{ n: number }>(
          ctx.deps.db,
          sql`select count(*)::int as n from feedback_bands where rating_id = ${ratingId}`,
        )
      )[0]?.n;
    expect(await bandsOf(kept.id)).toBeGreaterThan(0);
    await ctx.deps.db.execute(
      sql`update feedback_bands set written_at = now() - make_interval(days => ${COPIED_TEXT.days + 1})
          where rating_id = ${old.id}`,
    );
    const purged = await purgeExpired(ctx.deps.db);
    expect(purged.textBands).toBeGreaterThan(0);
    expect(await bandsOf(old.id)).toBe(0);
    expect(await bandsOf(kept.id)).toBeGreaterThan(0);
    const withdrawn = await call(ctx.app, 'DELETE', `/api/core/ratings/${kept.id}/`, { token: rater.token });
    expect(withdrawn.status).toBe(204);
    expect(await bandsOf(kept.id)).toBe(0);
  });
});
