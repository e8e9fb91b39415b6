// Who reads a moderator's reason as written (contracts REASON_READ_BY, which the moderators' dialogs
// warn them of): every action a moderator takes, each with its own reason, and then everything each
// person involved can read through the API. The reason reaches exactly the readers the table names,
// and nobody else: not the rated company when its rating's author is told, not a reporter.
import {
  type GrievanceCreated,
  MODERATION_ACTIONS,
  type ModerationActionName,
  REASON_READ_BY,
  type ReasonReader,
} from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/passwords.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { insertRating, insertUser, type TestUser } from './data.ts';

let ctx: TestContext;
let moderator: TestUser;
const PASSWORD = 'Monsoon-Filter-Coffee-7';

beforeAll(async () => {
  ctx = await createTestApp();
  moderator = await insertUser(ctx, 'moderator');
});
afterAll(() => ctx.close());

async function send(who: TestUser, path: string, body: unknown, status: number) {
  const res = await call<ErrorAnswer & { id?: number }>(ctx.app, 'POST', path, { body, token: who.token });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}
const moderate = (path: string, reason: string) =>
  send(moderator, `/api/moderation/${path}`, { reason }, 200);

/** Everything `who` can read of their own through the API, as one text. */
async function readableBy(who: TestUser): Promise<string> {
  const pages = [
    '/api/core/notifications/',
    '/api/core/my-ratings/given/',
    '/api/core/my-ratings/received/',
    '/api/core/grievances/mine/',
  ];
  const answers = await Promise.all(
    pages.map(async (url) => (await call(ctx.app, 'GET', url, { token: who.token })).body),
  );
  return JSON.stringify(answers);
}

describe("a moderator's reason", () => {
  it('reaches exactly the people REASON_READ_BY names, for every action', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const author = await insertUser(ctx, 'employee');
    const disputedAuthor = await insertUser(ctx, 'employee');
    const reporter = await insertUser(ctx, 'employee');
    const hideReporter = await insertUser(ctx, 'employer');
    const suspended = await insertUser(ctx, 'employee', { passwordHash });
    const company = await insertUser(ctx, 'employer');
    const people = { author, disputedAuthor, reporter, hideReporter, suspended, company };
    // An anonymous rating of the company, which moderators hide, restore, and whose reply they hide.
    const rating = await insertRating(ctx, author, company, [2, 3], { anonymous: true });
    const disputed = await insertRating(ctx, disputedAuthor, company, [1, 1]);
    await insertRating(ctx, suspended, company, [4]);

    const reason = (action: ModerationActionName) => `Reason for ${action}, ${action.length * 7}.`;
    const taken: ModerationActionName[] = [];
    const take = async (action: ModerationActionName, path: string) => {
      await moderate(path, reason(action));
      taken.push(action);
    };
    // Whom each action's reader is, here; and what the suspended person reads when they sign in.
    const readers: Partial<Record<ModerationActionName, (keyof typeof people)[]>> = {};
    const expectReaders = (
      action: ModerationActionName,
      reader: ReasonReader,
      who: (keyof typeof people)[],
    ) => {
      expect(REASON_READ_BY[action]).toBe(reader);
      readers[action] = who;
    };

    // A reporter whose flag the hiding settles is told it was hidden, not why.
    await send(hideReporter, `/api/core/ratings/${rating}/flag/`, { reason: 'OFFENSIVE' }, 201);
    await take('hide_rating', `ratings/${rating}/hide/`);
    expectReaders('hide_rating', 'author', ['author']);
    await send(author, `/api/core/ratings/${rating}/appeal/`, { message: 'It is true.' }, 201);
    const [appeal] = (
      await call<{ results: { id: number }[] }>(ctx.app, 'GET', '/api/moderation/appeals/', {
        token: moderator.token,
      })
    ).body.results;
    await take('reject_appeal', `appeals/${appeal?.id}/reject/`);
    expectReaders('reject_appeal', 'author', ['author']);
    await take('restore_rating', `ratings/${rating}/restore/`);
    expectReaders('restore_rating', 'author', ['author']);

    await send(company, `/api/core/ratings/${rating}/reply/`, { message: 'We disagree.' }, 201);
    await take('hide_reply', `ratings/${rating}/hide-reply/`);
    expectReaders('hide_reply', 'reply author', ['company']);

    const flag = await send(reporter, `/api/core/ratings/${rating}/flag/`, { reason: 'FAKE' }, 201);
    await take('dismiss_flag', `flags/${flag.id}/dismiss/`);
    expectReaders('dismiss_flag', 'reporter', ['reporter']);

    const dispute = await send(
      company,
      `/api/core/ratings/${disputed}/dispute/`,
      { reason: 'FALSE_FACTS', details: 'This person never worked at our company.' },
      201,
    );
    await send(
      moderator,
      `/api/moderation/disputes/${dispute.id}/decide/`,
      { outcome: 'REJECTED', reason: reason('decide_dispute') },
      200,
    );
    taken.push('decide_dispute');
    expectReaders('decide_dispute', 'both parties', ['disputedAuthor', 'company']);

    await take('suspend_user', `users/${suspended.id}/suspend/`);
    expectReaders('suspend_user', 'account holder', ['suspended']);
    const signIn = await call(ctx.app, 'POST', '/api/auth/login/', {
      body: { email: suspended.email, password: PASSWORD },
    });
    expect(signIn.status).toBe(403);
    const readBySuspended = JSON.stringify(signIn.body);
    await take('reinstate_user', `users/${suspended.id}/reinstate/`);
    expect(REASON_READ_BY.reinstate_user).toBeNull();

    const grievance = await call<GrievanceCreated>(ctx.app, 'POST', '/api/core/grievances/', {
      token: reporter.token,
      body: { category: 'CONTENT', details: 'A review of my old team is unfair.', email: reporter.email },
    });
    expect(grievance.status).toBe(201);
    await take('close_grievance', `grievances/${grievance.body.id}/close/`);
    expectReaders('close_grievance', 'complainant', ['reporter']);

    // Every action a moderator writes a reason for is here (deleting an account is its holder's act).
    expect(taken.sort()).toEqual(MODERATION_ACTIONS.filter((a) => a !== 'delete_account').sort());
    expect(REASON_READ_BY.delete_account).toBeNull();

    for (const [name, person] of Object.entries(people) as [keyof typeof people, TestUser][]) {
      const readable = (await readableBy(person)) + (name === 'suspended' ? readBySuspended : '');
      for (const action of taken) {
        const reads = readers[action]?.includes(name) ?? false;
        expect(readable.includes(reason(action)), `${name} reads the reason of ${action}`).toBe(reads);
      }
    }
  });

  it('of a suspension is the latest one, and only for the right password', async () => {
    const person = await insertUser(ctx, 'employee', { passwordHash: await hashPassword(PASSWORD) });
    const signIn = (password: string) =>
      call(ctx.app, 'POST', '/api/auth/login/', { body: { email: person.email, password } });
    await moderate(`users/${person.id}/suspend/`, 'Fake reviews of three companies.');
    await moderate(`users/${person.id}/reinstate/`, 'Proved employment.');
    expect((await signIn(PASSWORD)).status).toBe(200);
    await moderate(`users/${person.id}/suspend/`, 'Threatened a reviewer.');
    expect((await signIn(PASSWORD)).body).toMatchObject({ reason: 'Threatened a reviewer.' });
    const wrong = await signIn(`${PASSWORD}!`);
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toHaveProperty('reason');
  });
});
