// The fixed team list shown on /contributors (SPEC §2: 15 entries, static display data).
export interface Contributor {
  name: string;
  designation: string;
  image: string;
  bio: string;
  skills: string[];
}

const image = (slug: string) => `/images/contributors/${slug}.svg`;

export const CONTRIBUTORS: Contributor[] = [
  {
    name: 'Aarav Sharma',
    designation: 'Founder & CEO',
    image: image('aarav-sharma'),
    bio: 'Spent a decade hiring across Bengaluru start-ups and wanted reviews people could trust.',
    skills: ['Leadership', 'Product Strategy', 'Hiring'],
  },
  {
    name: 'Priya Iyer',
    designation: 'Chief Technology Officer',
    image: image('priya-iyer'),
    bio: 'Builds fast, private systems; keeps the rating pipeline exact under load.',
    skills: ['TypeScript', 'PostgreSQL', 'Architecture', 'Security'],
  },
  {
    name: 'Rohan Mehta',
    designation: 'Head of Product',
    image: image('rohan-mehta'),
    bio: 'Talks to employees and employers every week and turns what they say into features.',
    skills: ['Product Management', 'User Research', 'Analytics'],
  },
  {
    name: 'Ananya Reddy',
    designation: 'Lead Designer',
    image: image('ananya-reddy'),
    bio: 'Designs screens that work on a budget phone in Hyderabad as well as on a desktop.',
    skills: ['UX Design', 'Accessibility', 'Design Systems'],
  },
  {
    name: 'Vikram Singh',
    designation: 'Backend Engineer',
    image: image('vikram-singh'),
    bio: 'Owns the API, its indexes and the benchmarks that keep it quick.',
    skills: ['Node.js', 'PostgreSQL', 'Performance'],
  },
  {
    name: 'Meera Nair',
    designation: 'Frontend Engineer',
    image: image('meera-nair'),
    bio: 'Writes the React screens and the browser tests that prove each journey.',
    skills: ['React', 'TypeScript', 'Testing'],
  },
  {
    name: 'Karan Malhotra',
    designation: 'Trust & Safety Lead',
    image: image('karan-malhotra'),
    bio: 'Runs moderation: flagged reviews, fair appeals and a clear audit trail.',
    skills: ['Moderation', 'Policy', 'Investigations'],
  },
  {
    name: 'Divya Pillai',
    designation: 'Data Engineer',
    image: image('divya-pillai'),
    bio: 'Keeps averages exact and spots patterns of fake or biased reviews.',
    skills: ['SQL', 'Data Modelling', 'Python'],
  },
  {
    name: 'Aditya Joshi',
    designation: 'Site Reliability Engineer',
    image: image('aditya-joshi'),
    bio: 'Keeps the portal up through deploys, database failovers and traffic spikes.',
    skills: ['Linux', 'Observability', 'Incident Response'],
  },
  {
    name: 'Neha Gupta',
    designation: 'Community Manager',
    image: image('neha-gupta'),
    bio: 'Helps new members write useful, respectful reviews and answers their questions.',
    skills: ['Community', 'Communication', 'Content'],
  },
  {
    name: 'Arjun Patel',
    designation: 'Security Engineer',
    image: image('arjun-patel'),
    bio: 'Guards accounts and anonymity: password hashing, tokens and privacy reviews.',
    skills: ['Application Security', 'Threat Modelling', 'Cryptography'],
  },
  {
    name: 'Ishita Banerjee',
    designation: 'QA Engineer',
    image: image('ishita-banerjee'),
    bio: 'Breaks every form before our users can, from Kolkata and on every screen size.',
    skills: ['Test Automation', 'Playwright', 'Exploratory Testing'],
  },
  {
    name: 'Siddharth Rao',
    designation: 'Partnerships Manager',
    image: image('siddharth-rao'),
    bio: 'Works with employers who want honest feedback on how they treat their people.',
    skills: ['Partnerships', 'Sales', 'Negotiation'],
  },
  {
    name: 'Kavya Krishnan',
    designation: 'Content Strategist',
    image: image('kavya-krishnan'),
    bio: 'Writes the help pages and explains how ratings work in plain words.',
    skills: ['Writing', 'SEO', 'Localisation'],
  },
  {
    name: 'Rahul Verma',
    designation: 'Customer Support Lead',
    image: image('rahul-verma'),
    bio: 'Answers members quickly and passes what hurts them straight to the team.',
    skills: ['Support', 'Empathy', 'Documentation'],
  },
];
