// The codes' mails, in the account's language: one to a work address (which WorkTrust never keeps)
// and one to the person's own sign-in address.
import { type Language, WORK_EMAIL_CODE_TTL_MINUTES } from '@workspace/contracts';

interface CodeTexts {
  workSubject: string;
  ownSubject: string;
  code: (code: string) => string;
  workUse: (company: string) => string;
  workKept: string;
  ownUse: string;
  notAsked: string;
}

const TEXTS: Record<Language, CodeTexts> = {
  en: {
    workSubject: 'Your WorkTrust code to verify your work email',
    ownSubject: 'Your WorkTrust code to confirm your email',
    code: (code) => `Your code is ${code}. It expires in ${WORK_EMAIL_CODE_TTL_MINUTES} minutes.`,
    workUse: (company) =>
      `Enter it on your WorkTrust account page to show "Verified employee" on your reviews of ${company}.`,
    workKept:
      'WorkTrust keeps only the company, its domain and the date of verification, never this address.',
    ownUse: 'Enter it on your WorkTrust account page to confirm that this address is yours.',
    notAsked: 'If you did not ask for this code, you can ignore this message.',
  },
  hi: {
    workSubject: 'कार्य ईमेल सत्यापित करने के लिए आपका WorkTrust कोड',
    ownSubject: 'अपने ईमेल की पुष्टि के लिए आपका WorkTrust कोड',
    code: (code) => `आपका कोड ${code} है। यह ${WORK_EMAIL_CODE_TTL_MINUTES} मिनट में खत्म हो जाएगा।`,
    workUse: (company) =>
      `${company} की आपकी समीक्षाओं पर "सत्यापित कर्मचारी" दिखाने के लिए इसे अपने WorkTrust अकाउंट के पेज पर डालें।`,
    workKept: 'WorkTrust केवल कंपनी, उसका डोमेन और सत्यापन की तारीख़ रखता है, यह पता कभी नहीं।',
    ownUse: 'यह पुष्टि करने के लिए कि यह पता आपका है, इसे अपने WorkTrust अकाउंट के पेज पर डालें।',
    notAsked: 'अगर आपने यह कोड नहीं माँगा था, तो इस संदेश को अनदेखा कर दें।',
  },
};

/** The code for a work address of `company`, in `language`. */
export function workEmailCodeMail(language: Language, code: string, company: string) {
  const texts = TEXTS[language];
  return {
    subject: texts.workSubject,
    text: [texts.code(code), '', texts.workUse(company), texts.workKept, texts.notAsked].join('\n'),
  };
}

/** The code for the person's own sign-in address, in `language`. */
export function ownEmailCodeMail(language: Language, code: string) {
  const texts = TEXTS[language];
  return { subject: texts.ownSubject, text: [texts.code(code), '', texts.ownUse, texts.notAsked].join('\n') };
}
