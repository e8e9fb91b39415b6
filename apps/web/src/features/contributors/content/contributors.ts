// The fixed team list shown on /contributors (SPEC §2: 15 entries, static display data). Names are
// shown as written; designations, bios and skills are messages, translated like every other screen's.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface Contributor {
  name: string;
  designation: MessageDescriptor;
  image: string;
  bio: MessageDescriptor;
  skills: MessageDescriptor[];
}

const image = (slug: string) => `/images/contributors/${slug}.svg`;

export const CONTRIBUTORS: Contributor[] = [
  {
    name: 'Aarav Sharma',
    designation: msg`Founder & CEO`,
    image: image('aarav-sharma'),
    bio: msg`Spent a decade hiring across Bengaluru start-ups and wanted reviews people could trust.`,
    skills: [msg`Leadership`, msg`Product Strategy`, msg`Hiring`],
  },
  {
    name: 'Priya Iyer',
    designation: msg`Chief Technology Officer`,
    image: image('priya-iyer'),
    bio: msg`Builds fast, private systems; keeps the rating pipeline exact under load.`,
    skills: [msg`TypeScript`, msg`PostgreSQL`, msg`Architecture`, msg`Security`],
  },
  {
    name: 'Rohan Mehta',
    designation: msg`Head of Product`,
    image: image('rohan-mehta'),
    bio: msg`Talks to employees and employers every week and turns what they say into features.`,
    skills: [msg`Product Management`, msg`User Research`, msg`Analytics`],
  },
  {
    name: 'Ananya Reddy',
    designation: msg`Lead Designer`,
    image: image('ananya-reddy'),
    bio: msg`Designs screens that work on a budget phone in Hyderabad as well as on a desktop.`,
    skills: [msg`UX Design`, msg`Accessibility`, msg`Design Systems`],
  },
  {
    name: 'Vikram Singh',
    designation: msg`Backend Engineer`,
    image: image('vikram-singh'),
    bio: msg`Owns the API, its indexes and the benchmarks that keep it quick.`,
    skills: [msg`Node.js`, msg`PostgreSQL`, msg`Performance`],
  },
  {
    name: 'Meera Nair',
    designation: msg`Frontend Engineer`,
    image: image('meera-nair'),
    bio: msg`Writes the React screens and the browser tests that prove each journey.`,
    skills: [msg`React`, msg`TypeScript`, msg`Testing`],
  },
  {
    name: 'Karan Malhotra',
    designation: msg`Trust & Safety Lead`,
    image: image('karan-malhotra'),
    bio: msg`Runs moderation: flagged reviews, fair appeals and a clear audit trail.`,
    skills: [msg`Moderation`, msg`Policy`, msg`Investigations`],
  },
  {
    name: 'Divya Pillai',
    designation: msg`Data Engineer`,
    image: image('divya-pillai'),
    bio: msg`Keeps averages exact and spots patterns of fake or biased reviews.`,
    skills: [msg`SQL`, msg`Data Modelling`, msg`Python`],
  },
  {
    name: 'Aditya Joshi',
    designation: msg`Site Reliability Engineer`,
    image: image('aditya-joshi'),
    bio: msg`Keeps the portal up through deploys, database failovers and traffic spikes.`,
    skills: [msg`Linux`, msg`Observability`, msg`Incident Response`],
  },
  {
    name: 'Neha Gupta',
    designation: msg`Community Manager`,
    image: image('neha-gupta'),
    bio: msg`Helps new members write useful, respectful reviews and answers their questions.`,
    skills: [msg`Community`, msg`Communication`, msg`Content`],
  },
  {
    name: 'Arjun Patel',
    designation: msg`Security Engineer`,
    image: image('arjun-patel'),
    bio: msg`Guards accounts and anonymity: password hashing, tokens and privacy reviews.`,
    skills: [msg`Application Security`, msg`Threat Modelling`, msg`Cryptography`],
  },
  {
    name: 'Ishita Banerjee',
    designation: msg`QA Engineer`,
    image: image('ishita-banerjee'),
    bio: msg`Breaks every form before our users can, from Kolkata and on every screen size.`,
    skills: [msg`Test Automation`, msg`Playwright`, msg`Exploratory Testing`],
  },
  {
    name: 'Siddharth Rao',
    designation: msg`Partnerships Manager`,
    image: image('siddharth-rao'),
    bio: msg`Works with employers who want honest feedback on how they treat their people.`,
    skills: [msg`Partnerships`, msg`Sales`, msg`Negotiation`],
  },
  {
    name: 'Kavya Krishnan',
    designation: msg`Content Strategist`,
    image: image('kavya-krishnan'),
    bio: msg`Writes the help pages and explains how ratings work in plain words.`,
    skills: [msg`Writing`, msg`SEO`, msg`Localisation`],
  },
  {
    name: 'Rahul Verma',
    designation: msg`Customer Support Lead`,
    image: image('rahul-verma'),
    bio: msg`Answers members quickly and passes what hurts them straight to the team.`,
    skills: [msg`Support`, msg`Empathy`, msg`Documentation`],
  },
];
