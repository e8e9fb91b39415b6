// The password mails, in the account's language (its other mails: notifications): the reset code,
// and the notice that the password changed, which lets the owner act on a change they did not make.
import { type Language, RESET_CODE_TTL_MINUTES, WEB_PAGES } from '@workspace/contracts';

const TEXTS: Record<Language, (name: string, code: string) => { subject: string; lines: string[] }> = {
  en: (name, code) => ({
    subject: 'Your WorkTrust password reset code',
    lines: [
      `Hello ${name},`,
      '',
      `Your password reset code is ${code}. It expires in ${RESET_CODE_TTL_MINUTES} minutes and works once.`,
      'If you did not ask to reset your password, you can ignore this message.',
    ],
  }),
  hi: (name, code) => ({
    subject: 'आपका WorkTrust पासवर्ड रीसेट कोड',
    lines: [
      `नमस्ते ${name},`,
      '',
      `आपका पासवर्ड रीसेट कोड ${code} है। यह ${RESET_CODE_TTL_MINUTES} मिनट में खत्म हो जाएगा और एक ही बार काम करता है।`,
      'अगर आपने पासवर्ड रीसेट करने को नहीं कहा था, तो इस संदेश को अनदेखा कर दें।',
    ],
  }),
};

/** The reset code's subject and text in `language`. */
export function resetCodeMail(
  language: Language,
  name: string,
  code: string,
): { subject: string; text: string } {
  const { subject, lines } = TEXTS[language](name, code);
  return { subject, text: lines.join('\n') };
}

/** How the password changed: on the change-password page (other sessions end) or by a reset code (all end). */
export type PasswordChange = 'changed' | 'reset';

const CHANGED_TEXTS: Record<
  Language,
  (
    name: string,
    how: PasswordChange,
    forgot: string,
    grievance: string,
  ) => { subject: string; lines: string[] }
> = {
  en: (name, how, forgot, grievance) => ({
    subject: 'Your WorkTrust password was changed',
    lines: [
      `Hello ${name},`,
      '',
      how === 'changed'
        ? 'The password of your WorkTrust account was just changed while signed in. Every other device was signed out.'
        : 'The password of your WorkTrust account was just reset with a code sent to this address. Every device was signed out.',
      '',
      'If this was you, there is nothing more to do.',
      `If it was not, reset your password now at ${forgot} (a reset signs out everyone using your account), and tell us at ${grievance}.`,
    ],
  }),
  hi: (name, how, forgot, grievance) => ({
    subject: 'आपका WorkTrust पासवर्ड बदल दिया गया',
    lines: [
      `नमस्ते ${name},`,
      '',
      how === 'changed'
        ? 'आपके WorkTrust अकाउंट का पासवर्ड अभी लॉग इन रहते हुए बदला गया। बाकी सभी डिवाइस से लॉग आउट कर दिया गया है।'
        : 'आपके WorkTrust अकाउंट का पासवर्ड अभी इस पते पर भेजे गए कोड से रीसेट किया गया। सभी डिवाइस से लॉग आउट कर दिया गया है।',
      '',
      'अगर यह आपने किया था, तो आपको कुछ और नहीं करना है।',
      `अगर नहीं, तो अभी ${forgot} पर अपना पासवर्ड रीसेट करें (रीसेट से आपके अकाउंट का इस्तेमाल करने वाला हर व्यक्ति लॉग आउट हो जाता है), और हमें ${grievance} पर बताएँ।`,
    ],
  }),
};

/** The notice that the password changed, with where to reset it and to report it, in `language`. */
export function passwordChangedMail(
  language: Language,
  name: string,
  how: PasswordChange,
  publicUrl: string,
): { subject: string; text: string } {
  const { subject, lines } = CHANGED_TEXTS[language](
    name,
    how,
    `${publicUrl}${WEB_PAGES.forgotPassword}`,
    `${publicUrl}${WEB_PAGES.grievance}`,
  );
  return { subject, text: lines.join('\n') };
}
