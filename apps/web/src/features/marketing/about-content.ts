// The About page's copy (SPEC §2 /about): what the portal offers and its features, as messages to
// translate. Apart from content.ts so the landing page neither downloads it nor its messages (the
// landing's catalog is the shell's; lingui.config.ts).
import { msg } from '@lingui/core/macro';
import { BadgeCheck, Filter, KeyRound, Search, ShieldCheck, Star, UserRoundPen, UserX } from 'lucide-react';
import type { Feature } from './content';

export const OFFERINGS: Feature[] = [
  {
    icon: UserX,
    title: msg`Anonymous Rating`,
    description: msg`Employees rate employers and employers rate employees, publicly or anonymously.`,
  },
  {
    icon: UserRoundPen,
    title: msg`Profile Management`,
    description: msg`Keep your city, LinkedIn, skills and work history current, and control who sees your details.`,
  },
  {
    icon: BadgeCheck,
    title: msg`Verified Profile Search`,
    description: msg`Browse real profiles with unique codes, ratings and review counts before you decide.`,
  },
  {
    icon: ShieldCheck,
    title: msg`Review Protection`,
    description: msg`One rating per relationship, flagging of unfair reviews and moderation by our team.`,
  },
];

export const ABOUT_FEATURES: Feature[] = [
  {
    icon: KeyRound,
    title: msg`Role-Based Secure Login`,
    description: msg`Token-based sign-in that knows whether you are an employee or an employer.`,
  },
  {
    icon: UserRoundPen,
    title: msg`Profile Creation`,
    description: msg`A professional profile with your city, skills, work history and LinkedIn.`,
  },
  {
    icon: Star,
    title: msg`Category Ratings with Anonymity`,
    description: msg`Score each category from 1 to 5, add feedback, and choose to stay anonymous.`,
  },
  {
    icon: Search,
    title: msg`Advanced Search`,
    description: msg`Search by name or city across thousands of profiles.`,
  },
  {
    icon: ShieldCheck,
    title: msg`Moderation Tools`,
    description: msg`Reviews can be flagged; moderators hide abuse and suspend bad actors, with an audit log.`,
  },
  {
    icon: Filter,
    title: msg`Smart Filtering`,
    description: msg`Filter by city, minimum rating and skills, ranked so one lucky review cannot jump the queue.`,
  },
];
