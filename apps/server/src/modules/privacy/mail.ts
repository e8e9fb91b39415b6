// The grievance mails: the acknowledgement sent at once, and the outcome when a moderator closes it.
import { GRIEVANCE_DUE_DAYS, type Grievance } from '@workspace/contracts';
import type { Env } from '../../config/env.ts';
import type { Mail } from '../../lib/mailer.ts';

const day = (iso: string) => iso.slice(0, 10);

const signature = (env: Env) => [
  '',
  `${env.GRIEVANCE_OFFICER_NAME}, Grievance Officer, WorkTrust`,
  env.GRIEVANCE_OFFICER_EMAIL,
];

export function grievanceAcknowledgement(to: string, grievance: Grievance, env: Env): Mail {
  return {
    to,
    subject: `We received your grievance ${grievance.number}`,
    text: [
      'Hello,',
      '',
      `We received your grievance and gave it the number ${grievance.number}. ` +
        `We will look into it and answer you by ${day(grievance.due_at)} (within ${GRIEVANCE_DUE_DAYS} days).`,
      'Please quote this number if you write to us about it.',
      ...signature(env),
    ].join('\n'),
  };
}

export function grievanceOutcome(to: string, grievance: Grievance, env: Env): Mail {
  return {
    to,
    subject: `Your grievance ${grievance.number} is closed`,
    text: [
      'Hello,',
      '',
      `We have closed your grievance ${grievance.number}. Our answer:`,
      '',
      grievance.close_reason ?? '',
      '',
      `If you are not satisfied with this answer, reply to ${env.GRIEVANCE_OFFICER_EMAIL}.`,
      ...signature(env),
    ].join('\n'),
  };
}
