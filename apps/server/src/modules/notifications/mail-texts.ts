// The mail of each notification type, in each language an account may choose (DESIGN §9.3): a
// subject and paragraphs, from the notification's params. The web app says the same in its catalogs
// (features/notifications). A rating received never names its author, in any language.
import { DISPUTE_DECISION_DAYS, type Language, type MailedNotificationType } from '@workspace/contracts';

type Params = Record<string, string>;
interface MailText {
  subject: string;
  paragraphs: string[];
}
type Texts = Record<MailedNotificationType, (p: Params) => MailText>;

const en: Texts = {
  rating_received: () => ({
    subject: 'You received a new rating on WorkTrust',
    paragraphs: ['Someone rated you on WorkTrust. You can read it under My Ratings, received.'],
  }),
  reply_received: (p) => ({
    subject: `${p.ratee_name} replied to your rating`,
    paragraphs: [`${p.ratee_name} replied to the rating you wrote. You can read the reply under My Ratings.`],
  }),
  dispute_opened: (p) => ({
    subject: `${p.ratee_name} disputed your rating`,
    paragraphs: [
      `${p.ratee_name} disputed the rating you wrote. Our moderators decide within ${DISPUTE_DECISION_DAYS} days; ${
        p.held === 'true' ? 'the rating is held back from the profile' : 'the rating stays on the profile'
      } meanwhile.`,
    ],
  }),
  dispute_decided: (p) => ({
    subject: 'A dispute about a WorkTrust rating was decided',
    paragraphs: [
      p.side === 'author'
        ? 'Our moderators have decided the dispute about a rating you wrote.'
        : 'Our moderators have decided the dispute you filed about a rating of you.',
      p.outcome === 'UPHELD'
        ? 'The dispute was upheld: the rating is hidden.'
        : 'The dispute was rejected: the rating stays published.',
      `Their reason: ${p.reason}`,
      p.side === 'author' && p.outcome === 'UPHELD'
        ? 'You can appeal once from My Ratings if you think this is wrong.'
        : 'You can see the outcome under My Ratings.',
    ],
  }),
  appeal_decided: (p) => ({
    subject: 'Your appeal was decided',
    paragraphs: [
      p.outcome === 'restored'
        ? 'Your appeal was granted: your rating is published again.'
        : 'Your appeal was rejected: your rating stays hidden.',
      `The moderators' reason: ${p.reason}`,
    ],
  }),
  rating_hidden: (p) => ({
    subject: 'Your rating was hidden',
    paragraphs: [
      'Our moderators hid a rating you wrote.',
      `Their reason: ${p.reason}`,
      'You can appeal once from My Ratings if you think this is wrong.',
    ],
  }),
  rating_restored: (p) =>
    p.side === 'rated'
      ? {
          subject: 'A rating you disputed is published again',
          paragraphs: ['Our moderators have published again a rating of you whose dispute they had upheld.'],
        }
      : {
          subject: 'Your rating is published again',
          paragraphs: ['Our moderators published a rating of yours again.', `Their reason: ${p.reason}`],
        },
  reply_hidden: (p) => ({
    subject: 'Your reply was hidden',
    paragraphs: [
      'Our moderators hid a reply you wrote under a rating of you.',
      `Their reason: ${p.reason}`,
      'You can remove it and write a new one from My Ratings, or appeal through the grievance form if you think this is wrong.',
    ],
  }),
  grievance_answered: (p) => ({
    subject: `Your grievance ${p.grievance_number} was answered`,
    paragraphs: [`Our Grievance Officer has answered your grievance ${p.grievance_number}.`],
  }),
  work_email_verified: (p) => ({
    subject: `You are a verified employee of ${p.company_name}`,
    paragraphs: [
      `Your work email is verified: your reviews of ${p.company_name} from now on show "Verified employee".`,
    ],
  }),
};

const hi: Texts = {
  rating_received: () => ({
    subject: 'WorkTrust पर आपको एक नई रेटिंग मिली',
    paragraphs: ['किसी ने WorkTrust पर आपको रेट किया। आप इसे मेरी रेटिंग में, मिली हुई रेटिंग के अंतर्गत पढ़ सकते हैं।'],
  }),
  reply_received: (p) => ({
    subject: `${p.ratee_name} ने आपकी रेटिंग का जवाब दिया`,
    paragraphs: [`${p.ratee_name} ने आपकी लिखी रेटिंग का जवाब दिया। आप जवाब मेरी रेटिंग में पढ़ सकते हैं।`],
  }),
  dispute_opened: (p) => ({
    subject: `${p.ratee_name} ने आपकी रेटिंग पर आपत्ति की`,
    paragraphs: [
      `${p.ratee_name} ने आपकी लिखी रेटिंग पर आपत्ति की। हमारे मॉडरेटर ${DISPUTE_DECISION_DAYS} दिनों के भीतर फ़ैसला करते हैं; तब तक रेटिंग प्रोफ़ाइल पर ${
        p.held === 'true' ? 'नहीं दिखती' : 'दिखती रहती है'
      }।`,
    ],
  }),
  dispute_decided: (p) => ({
    subject: 'WorkTrust की एक रेटिंग पर आपत्ति का फ़ैसला हुआ',
    paragraphs: [
      p.side === 'author'
        ? 'हमारे मॉडरेटर ने आपकी लिखी रेटिंग पर आपत्ति का फ़ैसला किया है।'
        : 'हमारे मॉडरेटर ने आपके बारे में एक रेटिंग पर आपकी आपत्ति का फ़ैसला किया है।',
      p.outcome === 'UPHELD' ? 'आपत्ति मान ली गई: रेटिंग छिपा दी गई है।' : 'आपत्ति अस्वीकार हुई: रेटिंग प्रकाशित रहेगी।',
      `उनका कारण: ${p.reason}`,
      p.side === 'author' && p.outcome === 'UPHELD'
        ? 'अगर आपको यह ग़लत लगे, तो आप मेरी रेटिंग से एक बार अपील कर सकते हैं।'
        : 'आप नतीजा मेरी रेटिंग में देख सकते हैं।',
    ],
  }),
  appeal_decided: (p) => ({
    subject: 'आपकी अपील का फ़ैसला हुआ',
    paragraphs: [
      p.outcome === 'restored'
        ? 'आपकी अपील मान ली गई: आपकी रेटिंग फिर से प्रकाशित है।'
        : 'आपकी अपील अस्वीकार हुई: आपकी रेटिंग छिपी रहेगी।',
      `मॉडरेटर का कारण: ${p.reason}`,
    ],
  }),
  rating_hidden: (p) => ({
    subject: 'आपकी रेटिंग छिपा दी गई',
    paragraphs: [
      'हमारे मॉडरेटर ने आपकी लिखी एक रेटिंग छिपा दी है।',
      `उनका कारण: ${p.reason}`,
      'अगर आपको यह ग़लत लगे, तो आप मेरी रेटिंग से एक बार अपील कर सकते हैं।',
    ],
  }),
  rating_restored: (p) =>
    p.side === 'rated'
      ? {
          subject: 'जिस रेटिंग पर आपने आपत्ति की थी, वह फिर से प्रकाशित है',
          paragraphs: ['हमारे मॉडरेटर ने आपके बारे में वह रेटिंग फिर से प्रकाशित की है जिस पर उन्होंने आपकी आपत्ति मानी थी।'],
        }
      : {
          subject: 'आपकी रेटिंग फिर से प्रकाशित है',
          paragraphs: ['हमारे मॉडरेटर ने आपकी एक रेटिंग फिर से प्रकाशित की है।', `उनका कारण: ${p.reason}`],
        },
  reply_hidden: (p) => ({
    subject: 'आपका जवाब छिपा दिया गया',
    paragraphs: [
      'हमारे मॉडरेटर ने आपके बारे में एक रेटिंग के नीचे लिखा आपका जवाब छिपा दिया है।',
      `उनका कारण: ${p.reason}`,
      'आप मेरी रेटिंग से इसे हटाकर नया जवाब लिख सकते हैं, या अगर आपको यह ग़लत लगे तो शिकायत फ़ॉर्म से अपील कर सकते हैं।',
    ],
  }),
  grievance_answered: (p) => ({
    subject: `आपकी शिकायत ${p.grievance_number} का जवाब दिया गया`,
    paragraphs: [`हमारे शिकायत अधिकारी ने आपकी शिकायत ${p.grievance_number} का जवाब दिया है।`],
  }),
  work_email_verified: (p) => ({
    subject: `आप ${p.company_name} के सत्यापित कर्मचारी हैं`,
    paragraphs: [
      `आपका कार्य ईमेल सत्यापित हो गया: अब से ${p.company_name} की आपकी समीक्षाओं पर "सत्यापित कर्मचारी" दिखेगा।`,
    ],
  }),
};

const FOOTER = {
  en: {
    open: 'Open WorkTrust:',
    why: 'You get this mail because mail of this kind is on in your WorkTrust account settings.',
    stop: 'Stop mail of this kind:',
    digestSubject: (n: number) => `Your WorkTrust day: ${n} new notification${n === 1 ? '' : 's'}`,
    digestIntro: 'Here is what happened on WorkTrust since your last daily mail.',
    digestStop: 'Stop the daily mail:',
  },
  hi: {
    open: 'WorkTrust खोलें:',
    why: 'आपको यह मेल इसलिए मिला क्योंकि आपके WorkTrust अकाउंट की सेटिंग में इस तरह का मेल चालू है।',
    stop: 'इस तरह का मेल बंद करें:',
    digestSubject: (n: number) => `WorkTrust पर आपका दिन: ${n} नई सूचनाएँ`,
    digestIntro: 'आपके पिछले दैनिक मेल के बाद WorkTrust पर यह हुआ।',
    digestStop: 'दैनिक मेल बंद करें:',
  },
} satisfies Record<Language, unknown>;

const TEXTS = { en, hi } satisfies Record<Language, Texts>;

/** One notification's mail in `language`: subject, and text with the link and how to stop it. */
export function notificationMail(
  language: Language,
  type: MailedNotificationType,
  params: Params,
  links: { open: string; unsubscribe: string },
): { subject: string; text: string } {
  const { subject, paragraphs } = TEXTS[language][type](params);
  const footer = FOOTER[language];
  return {
    subject,
    text: [
      ...paragraphs,
      `${footer.open} ${links.open}`,
      footer.why,
      `${footer.stop} ${links.unsubscribe}`,
    ].join('\n\n'),
  };
}

/** The daily digest in `language`: each notification's subject and link. */
export function digestMail(
  language: Language,
  items: { type: MailedNotificationType; params: Params; open: string }[],
  unsubscribe: string,
): { subject: string; text: string } {
  const footer = FOOTER[language];
  const lines = items.map((item) => `- ${TEXTS[language][item.type](item.params).subject}: ${item.open}`);
  return {
    subject: footer.digestSubject(items.length),
    text: [footer.digestIntro, lines.join('\n'), `${footer.digestStop} ${unsubscribe}`].join('\n\n'),
  };
}
