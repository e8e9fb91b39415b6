// Static marketing copy (SPEC §1, §2): the claims, features and steps the public pages show.
import {
  BadgeCheck,
  Filter,
  KeyRound,
  type LucideIcon,
  Search,
  ShieldCheck,
  SlidersHorizontal,
  Star,
  UserRoundPen,
  UserX,
} from 'lucide-react';

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const STATS = [
  { value: '10,000+', label: 'Active Users' },
  { value: '2,500+', label: 'Companies Rated' },
  { value: '50,000+', label: 'Reviews' },
  { value: '100+', label: 'Cities' },
  { value: '24/7', label: 'Support' },
  { value: '15', label: 'Team Members' },
] as const;

export const LANDING_FEATURES: Feature[] = [
  {
    icon: UserX,
    title: 'Anonymous Ratings',
    description: 'Share honest feedback without fear. Choose to stay anonymous and only the date is shown.',
  },
  {
    icon: Star,
    title: 'Category Scores',
    description:
      'Rate what matters: work environment, growth, pay, skills, reliability and more, from 1 to 5.',
  },
  {
    icon: Search,
    title: 'Advanced Search',
    description: 'Find companies and professionals by name, city, skills and minimum rating.',
  },
  {
    icon: ShieldCheck,
    title: 'Review Protection',
    description: 'Flagging and human moderation keep fake, abusive and biased reviews out.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified Profiles',
    description: 'Every profile has a unique code and a public average built only from real ratings.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Privacy Controls',
    description:
      'Decide whether others see your detailed ratings. Your average always stays fair and visible.',
  },
];

export const HOW_IT_WORKS = [
  {
    title: 'Sign Up',
    description: 'Create a free account as an employee or an employer, with your city and skills.',
  },
  {
    title: 'Connect & Rate',
    description: 'Find companies or employees you have worked with and rate them category by category.',
  },
  {
    title: 'Build Reputation',
    description: 'Collect ratings from real working relationships and let your profile speak for you.',
  },
] as const;

export const OFFERINGS: Feature[] = [
  {
    icon: UserX,
    title: 'Anonymous Rating',
    description: 'Employees rate employers and employers rate employees, publicly or anonymously.',
  },
  {
    icon: UserRoundPen,
    title: 'Profile Management',
    description:
      'Keep your city, LinkedIn, skills and work history current, and control who sees your details.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified Profile Search',
    description: 'Browse real profiles with unique codes, ratings and review counts before you decide.',
  },
  {
    icon: ShieldCheck,
    title: 'Review Protection',
    description: 'One rating per relationship, flagging of unfair reviews and moderation by our team.',
  },
];

export const ABOUT_FEATURES: Feature[] = [
  {
    icon: KeyRound,
    title: 'Role-Based Secure Login',
    description: 'Token-based sign-in that knows whether you are an employee or an employer.',
  },
  {
    icon: UserRoundPen,
    title: 'Profile Creation',
    description: 'A professional profile with your city, skills, work history and LinkedIn.',
  },
  {
    icon: Star,
    title: 'Category Ratings with Anonymity',
    description: 'Score each category from 1 to 5, add feedback, and choose to stay anonymous.',
  },
  {
    icon: Search,
    title: 'Advanced Search',
    description: 'Search by name or city across thousands of profiles.',
  },
  {
    icon: ShieldCheck,
    title: 'Moderation Tools',
    description: 'Reviews can be flagged; moderators hide abuse and suspend bad actors, with an audit log.',
  },
  {
    icon: Filter,
    title: 'Smart Filtering',
    description:
      'Filter by city, minimum rating and skills, ranked so one lucky review cannot jump the queue.',
  },
];
