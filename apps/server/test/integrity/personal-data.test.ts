// Personal data in published text (DESIGN §9.4, issue 45), through the API: the contracts' table of
// texts posted as a rating's feedback (then as the edit of one), and a sample as a reply, a dispute
// and an appeal. What carries personal data is a 400 whose field error names what was found, and
// nothing is stored; what only looks like it is accepted as written.
import { PERSONAL_DATA_CASES, PERSONAL_DATA_MESSAGES, type Rating } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, rate, ratingBody, type TestUser } from '../core/support.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const send = <T = ErrorAnswer>(user: TestUser, method: 'POST' | 'PATCH', url: string, body: unknown) =>
  call<T>(ctx.app, method, url, { token: user.token, body });

describe('personal data in what people publish', () => {
  it("refuses a new rating's feedback that carries it, naming what was found, and accepts look-alikes", async () => {
    const author = await makeUser(ctx, 'employee');
    for (const [text, found] of PERSONAL_DATA_CASES) {
      const company = await makeUser(ctx, 'employer');
      const answer = await send<Rating & ErrorAnswer>(author, 'POST', '/api/core/ratings/', {
        ...ratingBody(author, company),
        feedback_message: text,
      });
      if (found) {
        expect(answer.status, text).toBe(400);
        expect(answer.body.errors, text).toEqual({ feedback_message: [PERSONAL_DATA_MESSAGES[found]] });
      } else {
        expect(answer.status, text).toBe(201);
        expect(answer.body.feedback_message).toBe(text);
      }
    }
    // Refused ratings were not stored: the author rated exactly the look-alikes' companies.
    const given = await call<{ total_count: number }>(ctx.app, 'GET', '/api/core/my-ratings/given/', {
      token: author.token,
    });
    expect(given.body.total_count).toBe(PERSONAL_DATA_CASES.filter(([, found]) => found === null).length);
  });

  it('refuses it in an edit, and keeps the feedback as it was', async () => {
    const author = await makeUser(ctx, 'employee');
    const company = await makeUser(ctx, 'employer');
    const rating = await rate(ctx, author, company, { feedback_message: 'Good place to learn.' });
    for (const [text, found] of PERSONAL_DATA_CASES) {
      const answer = await send(author, 'PATCH', `/api/core/ratings/${rating.id}/`, {
        feedback_message: text,
      });
      expect(answer.status, text).toBe(found ? 400 : 204);
      if (found)
        expect(answer.body.errors, text).toEqual({ feedback_message: [PERSONAL_DATA_MESSAGES[found]] });
    }
    const last = PERSONAL_DATA_CASES.findLast(([, found]) => found === null)?.[0];
    const stored = await call<{ results: Rating[] }>(ctx.app, 'GET', '/api/core/my-ratings/given/', {
      token: author.token,
    });
    expect(stored.body.results[0]?.feedback_message).toBe(last);
  });

  it('refuses it in a reply, a dispute and an appeal', async () => {
    const author = await makeUser(ctx, 'employer');
    const employee = await makeUser(ctx, 'employee');
    const rating = await rate(ctx, author, employee);
    const email = PERSONAL_DATA_MESSAGES.email;
    const address = 'Write to ravi.kumar@gmail.com for referrals';

    const reply = await send(employee, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: address });
    expect([reply.status, reply.body.errors]).toEqual([400, { message: [email] }]);
    const dispute = await send(employee, 'POST', `/api/core/ratings/${rating.id}/dispute/`, {
      reason: 'FALSE_FACTS',
      details: 'He lives at 12, MG Road, Bengaluru 560001',
    });
    expect([dispute.status, dispute.body.errors]).toEqual([
      400,
      { details: [PERSONAL_DATA_MESSAGES.address] },
    ]);

    // Hidden by a moderator's decision, which is what an appeal is against.
    const moderator = await makeUser(ctx, 'moderator');
    const hidden = await send(moderator, 'POST', `/api/moderation/ratings/${rating.id}/hide/`, {
      reason: 'Reported as untrue.',
    });
    expect(hidden.status).toBe(200);
    const appeal = await send(author, 'POST', `/api/core/ratings/${rating.id}/appeal/`, {
      message: 'His PAN is ABCPE1234F.',
    });
    expect([appeal.status, appeal.body.errors]).toEqual([400, { message: [PERSONAL_DATA_MESSAGES.pan] }]);
    const fine = await send(author, 'POST', `/api/core/ratings/${rating.id}/appeal/`, {
      message: 'The review describes real events of 2024.',
    });
    expect(fine.status).toBe(201);
  });
});
