// The password reset code's mail, in the account's language (its other mails: notifications).
import { type Language, RESET_CODE_TTL_MINUTES } from '@workspace/contracts';

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
