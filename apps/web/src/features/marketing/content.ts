// Static marketing copy (SPEC §1, §2): the claims, features and steps the public pages show, as
// messages to translate (shown with `t(feature.title)`; ADR 0011).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  BadgeCheck,
  type LucideIcon,
  Search,
  ShieldCheck,
  SlidersHorizontal,
  Star,
  UserX,
} from 'lucide-react';

export interface Feature {
  icon: LucideIcon;
  title: MessageDescriptor;
  description: MessageDescriptor;
}

/**
 * The landing page's figures: live totals from the transparency report (DESIGN §8.2), counted by the
 * server, never written here (a site that asks for trust prints only numbers it has counted).
 */
export const LIVE_STATS = [
  { key: 'companies', label: msg`Companies` },
  { key: 'employees', label: msg`Professionals` },
  { key: 'published_ratings', label: msg`Published reviews` },
] as const;

export const LANDING_FEATURES: Feature[] = [
  {
    icon: UserX,
    title: msg`Anonymous Ratings`,
    description: msg`Share honest feedback without fear. Choose to stay anonymous and only the date is shown.`,
  },
  {
    icon: Star,
    title: msg`Category Scores`,
    description: msg`Rate what matters: work environment, growth, pay, skills, reliability and more, from 1 to 5.`,
  },
  {
    icon: Search,
    title: msg`Advanced Search`,
    description: msg`Find companies and professionals by name, city, skills and minimum rating.`,
  },
  {
    icon: ShieldCheck,
    title: msg`Review Protection`,
    description: msg`Flagging and human moderation keep fake, abusive and biased reviews out.`,
  },
  {
    icon: BadgeCheck,
    title: msg`Verified Profiles`,
    description: msg`Every profile has a unique code and a public average built only from real ratings.`,
  },
  {
    icon: SlidersHorizontal,
    title: msg`Privacy Controls`,
    description: msg`Decide whether others see your detailed ratings. Your average always stays fair and visible.`,
  },
];

export const HOW_IT_WORKS = [
  {
    title: msg`Sign Up`,
    description: msg`Create a free account as an employee or an employer, with your city and skills.`,
  },
  {
    title: msg`Connect & Rate`,
    description: msg`Find companies or employees you have worked with and rate them category by category.`,
  },
  {
    title: msg`Build Reputation`,
    description: msg`Collect ratings from real working relationships and let your profile speak for you.`,
  },
] as const;
