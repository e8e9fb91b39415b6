// The privacy notice and terms in English (DESIGN §8.3; India's DPDP Act 2023 and IT Rules 2021).
// Raise PRIVACY_NOTICE_VERSION (contracts) when the meaning changes: everyone is asked again.
import {
  DISPUTE_DECISION_DAYS,
  EDIT_WINDOW_DAYS,
  GRIEVANCE_DUE_DAYS,
  GRIEVANCE_EMAIL_RETENTION_DAYS,
} from '@workspace/contracts';
import type { LegalTexts } from './types';

export const texts: LegalTexts = {
  privacy: {
    title: 'Privacy notice',
    intro:
      'WorkTrust is a review portal for India’s job market: employees rate the companies they worked for and employers rate the people who worked for them. This notice says, in plain words, what we hold about you, why, who can see it, how long we keep it, and the rights you have under India’s Digital Personal Data Protection Act, 2023.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: ['Only what the service needs:'],
        items: [
          'Your account: email address, full name, city, role (employee or employer), a password stored only as a one-way hash, and your language.',
          'What you choose to add: LinkedIn address, skills, work history, a profile picture.',
          'What you write: ratings and reviews you give, replies, flags, disputes, appeals and grievances.',
          'Your sessions: the device type (for example "Chrome on Android"), when each session started and was last used.',
          'Your consent: which version of this notice you accepted, and when.',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To run your account, show profiles and ratings, compute averages, keep the site free of fake and abusive reviews, answer your complaints, and send the mail you ask for or the safety of your account needs (password-reset codes, a notice when your password changes, grievance and dispute outcomes). We do not sell your data, show advertising based on it, or use it for anything else.',
        ],
      },
      {
        heading: 'Who sees what',
        paragraphs: [
          'Signed-in users see profiles: name, role, city, skills, work history and the average rating. If you make your rating details private, others see only your average.',
          'A review you give shows your name unless you post it anonymously. An anonymous review shows no name, no exact time (only the date) and nothing that links it to you. Only moderators can see who wrote it, and only to deal with abuse. The person you rated never learns it from us, also not through a reply, a dispute or its outcome.',
          'Your email address is never shown to other users.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          `Your account and what you wrote are kept until you delete them. You can edit a review for ${EDIT_WINDOW_DAYS} days and withdraw it at any time. Sessions end when you sign out or after a period without use; ended sessions and used or expired password-reset codes are deleted by a daily clean-up. The email address of a grievance is removed ${GRIEVANCE_EMAIL_RETENTION_DAYS} days after it is closed. Moderation records keep the decision and its reason, which we need to show that decisions were fair.`,
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: ['Under the DPDP Act you can, from your profile page or by writing to us:'],
        items: [
          'See and download everything we hold about you ("Download my data").',
          'Correct it: edit your profile at any time.',
          'Erase it: delete your account. Ratings about you are erased; ratings you gave are removed or kept with no link to you, as you choose.',
          'Withdraw consent: deleting your account withdraws it; we then stop using your data.',
          'Complain: file a grievance with our Grievance Officer, or, if you are not satisfied, with the Data Protection Board of India.',
        ],
      },
      {
        heading: 'Complaints and the Grievance Officer',
        paragraphs: [
          `Our Grievance Officer acknowledges every complaint at once and resolves it within ${GRIEVANCE_DUE_DAYS} days. A disputed review of an employee is decided within ${DISPUTE_DECISION_DAYS} days. The officer’s name and address are on the grievance page.`,
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of use',
    intro:
      'By creating an account you agree to these terms. They exist so that ratings stay honest and fair to both sides.',
    sections: [
      {
        heading: 'Rate only what you know',
        paragraphs: [
          'Rate a company only if you worked there, and a person only if they worked for you. One rating per working relationship. Write about the work, not about someone’s private life.',
        ],
      },
      {
        heading: 'What is not allowed',
        paragraphs: ['Reviews are removed, and accounts may be suspended, for:'],
        items: [
          'Fake reviews, reviews for pay, or reviews about yourself or your own company.',
          'Abuse, threats, hate, or discrimination.',
          'Personal information: phone numbers, addresses, health, family.',
          'Accusations of crimes that are not established.',
        ],
      },
      {
        heading: 'Both sides are heard',
        paragraphs: [
          `The rated person or company may reply publicly and may dispute a review; moderators decide with a reason that both sides see. You may edit your review within ${EDIT_WINDOW_DAYS} days and withdraw it at any time. If your review is hidden, you are told why and may appeal once.`,
        ],
      },
      {
        heading: 'Your content',
        paragraphs: [
          'You keep the rights to what you write and let WorkTrust show it on the site. You are responsible for it being true to your experience.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          'When these terms or the privacy notice change in meaning, we ask for your consent again before you go on.',
        ],
      },
    ],
  },
  summary: [
    'We hold your account details, what you write, and your sessions, only to run the service.',
    'Anonymous reviews stay anonymous: only moderators can see who wrote them.',
    'You can download your data, correct it, delete your account, and complain to our Grievance Officer.',
  ],
};
