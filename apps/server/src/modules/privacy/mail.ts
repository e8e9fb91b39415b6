// The grievance mails: the acknowledgement sent at once, and the outcome when a moderator closes it,
// in the language the grievance was filed in.
import {
  DAY_ZONE,
  GRIEVANCE_DUE_DAYS,
  GRIEVANCE_OFFICER_DEFAULT_NAME,
  type Grievance,
  type Language,
} from '@workspace/contracts';
import type { Env } from '../../config/env.ts';
import type { Mail } from '../../lib/mailer.ts';

/** "14 Dec 2026" / "14 दिस॰ 2026", as the app writes dates: India's day (a mail has no reader's zone). */
const day = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(`${language}-IN`, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: DAY_ZONE,
  }).format(new Date(iso));

interface GrievanceTexts {
  hello: string;
  /** The signature: the officer's name, when one is set, before their title. */
  officer: (name: string | null) => string;
  received: (number: string) => string;
  receivedBody: (number: string, due: string) => string;
  quote: string;
  closed: (number: string) => string;
  closedBody: (number: string) => string;
  notSatisfied: (address: string) => string;
}

const TEXTS: Record<Language, GrievanceTexts> = {
  en: {
    hello: 'Hello,',
    officer: (name) => `${name ? `${name}, ` : ''}Grievance Officer, WorkTrust`,
    received: (number) => `We received your grievance ${number}`,
    receivedBody: (number, due) =>
      `We received your grievance and gave it the number ${number}. ` +
      `We will look into it and answer you by ${due} (within ${GRIEVANCE_DUE_DAYS} days).`,
    quote: 'Please quote this number if you write to us about it.',
    closed: (number) => `Your grievance ${number} is closed`,
    closedBody: (number) => `We have closed your grievance ${number}. Our answer:`,
    notSatisfied: (address) => `If you are not satisfied with this answer, reply to ${address}.`,
  },
  hi: {
    hello: 'नमस्ते,',
    officer: (name) => `${name ? `${name}, ` : ''}शिकायत अधिकारी, WorkTrust`,
    received: (number) => `हमें आपकी शिकायत ${number} मिल गई है`,
    receivedBody: (number, due) =>
      `हमें आपकी शिकायत मिल गई है और हमने इसे नंबर ${number} दिया है। ` +
      `हम इसकी जाँच करेंगे और ${due} तक (${GRIEVANCE_DUE_DAYS} दिनों के भीतर) आपको जवाब देंगे।`,
    quote: 'इसके बारे में हमें लिखें तो कृपया यह नंबर बताएँ।',
    closed: (number) => `आपकी शिकायत ${number} बंद कर दी गई है`,
    closedBody: (number) => `हमने आपकी शिकायत ${number} बंद कर दी है। हमारा जवाब:`,
    notSatisfied: (address) => `अगर आप इस जवाब से संतुष्ट नहीं हैं, तो ${address} पर लिखें।`,
  },
};

const signature = (texts: GrievanceTexts, env: Env) => [
  '',
  // Unset, the name is the title itself: signed "Grievance Officer, Grievance Officer" it read as a slip.
  texts.officer(
    env.GRIEVANCE_OFFICER_NAME === GRIEVANCE_OFFICER_DEFAULT_NAME ? null : env.GRIEVANCE_OFFICER_NAME,
  ),
  env.GRIEVANCE_OFFICER_EMAIL,
];

export function grievanceAcknowledgement(
  to: string,
  grievance: Grievance,
  language: Language,
  env: Env,
): Mail {
  const texts = TEXTS[language];
  return {
    to,
    subject: texts.received(grievance.number),
    text: [
      texts.hello,
      '',
      texts.receivedBody(grievance.number, day(grievance.due_at, language)),
      texts.quote,
      ...signature(texts, env),
    ].join('\n'),
  };
}

export function grievanceOutcome(to: string, grievance: Grievance, language: Language, env: Env): Mail {
  const texts = TEXTS[language];
  return {
    to,
    subject: texts.closed(grievance.number),
    text: [
      texts.hello,
      '',
      texts.closedBody(grievance.number),
      '',
      grievance.close_reason ?? '',
      '',
      texts.notSatisfied(env.GRIEVANCE_OFFICER_EMAIL),
      ...signature(texts, env),
    ].join('\n'),
  };
}
