// Word lists for generated data: Indian cities (weighted roughly by the size of their job markets),
// people's names from across the country, invented company names, skills and job titles by job
// family, and the phrases that review texts are built from. All companies are fictional.

/** City and relative weight. */
export const CITIES: readonly (readonly [string, number])[] = [
  ['Bengaluru', 16],
  ['Mumbai', 13],
  ['Delhi', 11],
  ['Hyderabad', 10],
  ['Pune', 8],
  ['Chennai', 8],
  ['Gurugram', 6],
  ['Noida', 5],
  ['Kolkata', 5],
  ['Ahmedabad', 4],
  ['Jaipur', 3],
  ['Kochi', 3],
  ['Chandigarh', 2],
  ['Coimbatore', 2],
  ['Indore', 2],
  ['Lucknow', 2],
  ['Thiruvananthapuram', 2],
  ['Nagpur', 1.5],
  ['Vadodara', 1.5],
  ['Surat', 1.5],
  ['Bhubaneswar', 1.5],
  ['Visakhapatnam', 1.5],
  ['Mysuru', 1.2],
  ['Mangaluru', 1],
  ['Bhopal', 1],
  ['Patna', 1],
  ['Guwahati', 1],
  ['Dehradun', 0.8],
  ['Nashik', 0.8],
  ['Madurai', 0.8],
  ['Vijayawada', 0.8],
  ['Raipur', 0.7],
  ['Ranchi', 0.7],
  ['Ludhiana', 0.7],
  ['Kanpur', 0.6],
  ['Varanasi', 0.6],
  ['Goa', 0.6],
  ['Hubballi', 0.5],
  ['Tiruchirappalli', 0.5],
  ['Udaipur', 0.5],
  ['Jodhpur', 0.4],
  ['Amritsar', 0.4],
  ['Jammu', 0.4],
  ['Shillong', 0.3],
  ['Puducherry', 0.3],
  ['Siliguri', 0.3],
];

// biome-ignore format: word lists read better packed
export const FIRST_NAMES: readonly string[] = [
  'Aarav', 'Aditi', 'Aditya', 'Akash', 'Amit', 'Ananya', 'Anjali', 'Ankit', 'Anushka', 'Arjun', 'Aryan',
  'Ayesha', 'Bhavna', 'Chetan', 'Deepa', 'Deepak', 'Devika', 'Dhruv', 'Divya', 'Farhan', 'Gaurav', 'Gayatri',
  'Harish', 'Harpreet', 'Ishaan', 'Isha', 'Jaspreet', 'Jyoti', 'Kabir', 'Kavya', 'Karthik', 'Kiran',
  'Krishna', 'Lakshmi', 'Lavanya', 'Madhav', 'Mahesh', 'Manpreet', 'Meera', 'Mohit', 'Naveen', 'Neha',
  'Nikhil', 'Nisha', 'Omkar', 'Pallavi', 'Pooja', 'Pranav', 'Priya', 'Rahul', 'Rajesh', 'Ramya', 'Ravi',
  'Ritika', 'Rohan', 'Sahil', 'Sai', 'Sameer', 'Sanjana', 'Sanjay', 'Saranya', 'Shreya', 'Shruti',
  'Siddharth', 'Simran', 'Sneha', 'Sourav', 'Sunil', 'Swati', 'Tanvi', 'Tarun', 'Uday', 'Varun', 'Vidya',
  'Vijay', 'Vikram', 'Vinay', 'Vivek', 'Yash', 'Zoya', 'Abhishek', 'Bhargav', 'Debashish', 'Gurleen',
  'Hemant', 'Imran', 'Keerthi', 'Manoj', 'Nandini', 'Parth', 'Rekha', 'Shalini', 'Tejas', 'Usha', 'Vandana',
  'Arnav', 'Ira', 'Reyansh', 'Saanvi', 'Vihaan',
];

// biome-ignore format: word lists read better packed
export const LAST_NAMES: readonly string[] = [
  'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Shah', 'Mehta', 'Iyer', 'Iyengar', 'Nair', 'Menon',
  'Pillai', 'Reddy', 'Rao', 'Naidu', 'Chowdary', 'Das', 'Banerjee', 'Chatterjee', 'Mukherjee', 'Ghosh',
  'Bose', 'Sen', 'Joshi', 'Kulkarni', 'Deshpande', 'Patil', 'Jadhav', 'Pawar', 'Desai', 'Bhat', 'Hegde',
  'Shetty', 'Kamath', 'Agarwal', 'Bansal', 'Goyal', 'Malhotra', 'Kapoor', 'Khanna', 'Chopra', 'Arora',
  'Bhatia', 'Sethi', 'Gill', 'Sandhu', 'Dhillon', 'Grewal', 'Khan', 'Ansari', 'Qureshi', 'Siddiqui',
  'Sheikh', 'Fernandes', "D'Souza", 'Pereira', 'Rodrigues', 'Thomas', 'Mathew', 'Varghese', 'Kurian',
  'Krishnan', 'Subramanian', 'Venkatesh', 'Raman', 'Sundaram', 'Murthy', 'Prasad', 'Mishra', 'Tiwari',
  'Pandey', 'Dubey', 'Tripathi', 'Srivastava', 'Saxena', 'Chauhan', 'Rathore', 'Yadav', 'Jain',
  'Bhattacharya', 'Saikia', 'Baruah', 'Mohanty', 'Panda', 'Sahu', 'Thakur', 'Negi', 'Rawat', 'Bisht',
];

/** First half of an invented company name: rivers, hills, virtues and plain words. */
// biome-ignore format: word lists read better packed
export const COMPANY_WORDS: readonly string[] = [
  'Sahyadri', 'Kaveri', 'Ganga', 'Narmada', 'Godavari', 'Yamuna', 'Brahmaputra', 'Nilgiri', 'Aravalli',
  'Vindhya', 'Himalaya', 'Konkan', 'Deccan', 'Malabar', 'Coromandel', 'Indus', 'Saraswati', 'Tapti',
  'Krishna', 'Sutlej', 'Akshar', 'Anant', 'Arka', 'Ashva', 'Chakra', 'Dhruva', 'Ekam', 'Garuda', 'Jyoti',
  'Kalpa', 'Kiran', 'Lakshya', 'Mitra', 'Navya', 'Nirmaan', 'Prakash', 'Pragati', 'Prithvi', 'Sankalp',
  'Setu', 'Shakti', 'Shikhar', 'Surya', 'Tara', 'Tejas', 'Udaan', 'Unnati', 'Vayu', 'Vistar', 'Yukti',
  'Bluepeak', 'Brightpath', 'Cedar', 'Copperleaf', 'Greenfield', 'Ironwood', 'Lotus', 'Monsoon', 'Peacock',
  'Redfort', 'Saffron', 'Silverline', 'Skyward', 'Sunrise', 'Teakwood', 'Trident', 'Banyan', 'Cardamom',
  'Mango', 'Neem',
];

/** Second half: the line of business, which also suggests the company's job families. */
export const COMPANY_KINDS: readonly (readonly [string, JobFamily])[] = [
  ['Infotech', 'software'],
  ['Software Solutions', 'software'],
  ['Technologies', 'software'],
  ['Systems', 'software'],
  ['Digital', 'software'],
  ['Labs', 'software'],
  ['Analytics', 'data'],
  ['Data Sciences', 'data'],
  ['AI', 'data'],
  ['Fintech', 'finance'],
  ['Capital', 'finance'],
  ['Finserv', 'finance'],
  ['Insurance', 'finance'],
  ['Design Studio', 'design'],
  ['Media', 'marketing'],
  ['Brands', 'marketing'],
  ['Retail', 'sales'],
  ['Foods', 'operations'],
  ['Logistics', 'operations'],
  ['Textiles', 'operations'],
  ['Pharma', 'operations'],
  ['Motors', 'engineering'],
  ['Engineering', 'engineering'],
  ['Infrastructure', 'engineering'],
  ['Energy', 'engineering'],
  ['Healthcare', 'operations'],
  ['Consulting', 'hr'],
  ['Services', 'support'],
];

export const COMPANY_SUFFIXES: readonly string[] = ['Pvt Ltd', 'Ltd', 'Private Limited', 'LLP', ''];

export type JobFamily =
  | 'software'
  | 'data'
  | 'design'
  | 'finance'
  | 'marketing'
  | 'sales'
  | 'operations'
  | 'engineering'
  | 'hr'
  | 'support';

// biome-ignore format: word lists read better packed
export const JOB_FAMILIES: Record<JobFamily, { skills: readonly string[]; titles: readonly string[] }> = {
  software: {
    skills: [
      'JavaScript', 'TypeScript', 'React', 'Node.js', 'Java', 'Spring Boot', 'Python', 'Django', 'Go',
      'Kotlin', 'Android', 'iOS', 'SQL', 'PostgreSQL', 'MongoDB', 'AWS', 'Azure', 'Docker', 'Kubernetes',
      'Microservices', 'System Design', 'REST APIs', 'GraphQL', 'CI/CD', 'Git', 'Testing', 'Angular', 'C#',
      '.NET', 'Redis',
    ],
    titles: [
      'Software Engineer', 'Senior Software Engineer', 'Frontend Developer', 'Backend Developer',
      'Full Stack Developer', 'Mobile Developer', 'DevOps Engineer', 'Tech Lead', 'QA Engineer', 'SDE II',
    ],
  },
  data: {
    skills: [
      'Python', 'SQL', 'Machine Learning', 'Deep Learning', 'Pandas', 'Power BI', 'Tableau', 'Statistics',
      'Spark', 'Airflow', 'Data Modelling', 'Excel', 'NLP', 'Computer Vision', 'PyTorch', 'TensorFlow', 'R',
      'Snowflake', 'dbt', 'A/B Testing',
    ],
    titles: [
      'Data Analyst', 'Data Scientist', 'Data Engineer', 'ML Engineer', 'Business Analyst',
      'Analytics Manager', 'BI Developer',
    ],
  },
  design: {
    skills: [
      'Figma', 'UI Design', 'UX Research', 'Prototyping', 'Adobe XD', 'Illustrator', 'Photoshop',
      'Design Systems', 'Interaction Design', 'Wireframing', 'Usability Testing', 'Motion Design',
    ],
    titles: ['UI Designer', 'UX Designer', 'Product Designer', 'Visual Designer', 'Design Lead'],
  },
  finance: {
    skills: [
      'Accounting', 'Tally', 'GST', 'Financial Modelling', 'Excel', 'Taxation', 'Auditing', 'IFRS',
      'Budgeting', 'SAP FICO', 'Risk Analysis', 'Payroll', 'Compliance', 'Credit Analysis', 'Valuation',
    ],
    titles: [
      'Accountant', 'Financial Analyst', 'Chartered Accountant', 'Finance Manager', 'Audit Associate',
      'Tax Consultant', 'Credit Analyst',
    ],
  },
  marketing: {
    skills: [
      'Digital Marketing', 'SEO', 'SEM', 'Content Writing', 'Social Media', 'Google Ads', 'Brand Strategy',
      'Copywriting', 'Email Marketing', 'Market Research', 'Public Relations', 'Video Editing', 'Analytics',
    ],
    titles: [
      'Marketing Executive', 'Digital Marketing Manager', 'Content Writer', 'SEO Specialist',
      'Brand Manager', 'Social Media Manager',
    ],
  },
  sales: {
    skills: [
      'B2B Sales', 'Negotiation', 'CRM', 'Salesforce', 'Lead Generation', 'Key Account Management',
      'Retail Sales', 'Client Relations', 'Presentation', 'Business Development', 'Channel Sales', 'Hindi',
    ],
    titles: [
      'Sales Executive', 'Business Development Manager', 'Key Account Manager', 'Area Sales Manager',
      'Inside Sales Representative', 'Store Manager',
    ],
  },
  operations: {
    skills: [
      'Supply Chain', 'Inventory Management', 'Procurement', 'Vendor Management', 'Six Sigma', 'Lean',
      'Logistics', 'Quality Control', 'SAP MM', 'Warehouse Management', 'Project Management', 'Excel',
    ],
    titles: [
      'Operations Executive', 'Operations Manager', 'Supply Chain Analyst', 'Procurement Officer',
      'Quality Analyst', 'Plant Supervisor',
    ],
  },
  engineering: {
    skills: [
      'AutoCAD', 'SolidWorks', 'CATIA', 'MATLAB', 'PLC', 'Embedded C', 'Electrical Design', 'HVAC',
      'Civil Engineering', 'Structural Analysis', 'Project Planning', 'Primavera', 'Safety', 'Maintenance',
    ],
    titles: [
      'Mechanical Engineer', 'Electrical Engineer', 'Civil Engineer', 'Design Engineer', 'Site Engineer',
      'Production Engineer', 'Project Engineer',
    ],
  },
  hr: {
    skills: [
      'Recruitment', 'Talent Acquisition', 'Employee Relations', 'HR Policies', 'Onboarding', 'Payroll',
      'Performance Management', 'Labour Law', 'Training', 'HRMS', 'Stakeholder Management', 'Communication',
    ],
    titles: [
      'HR Executive', 'Talent Acquisition Specialist', 'HR Business Partner', 'HR Manager', 'Recruiter',
    ],
  },
  support: {
    skills: [
      'Customer Service', 'Communication', 'Zendesk', 'Freshdesk', 'Troubleshooting', 'English', 'Hindi',
      'Tamil', 'Telugu', 'Kannada', 'Ticketing', 'Team Handling', 'Process Improvement',
    ],
    titles: [
      'Customer Support Executive', 'Technical Support Engineer', 'Team Leader', 'Customer Success Manager',
      'Process Associate',
    ],
  },
};

export const JOB_FAMILY_WEIGHTS: readonly (readonly [JobFamily, number])[] = [
  ['software', 30],
  ['data', 10],
  ['design', 4],
  ['finance', 9],
  ['marketing', 8],
  ['sales', 11],
  ['operations', 10],
  ['engineering', 8],
  ['hr', 4],
  ['support', 6],
];

/** Review phrases by sentiment, per category, so the text matches the scores it comes with. */
export const CATEGORY_PHRASES: Record<string, { good: readonly string[]; poor: readonly string[] }> = {
  'Work Environment': {
    good: [
      'The office is comfortable and people genuinely help each other.',
      'A calm, respectful workplace.',
    ],
    poor: ['The workplace is noisy and stressful most days.', 'Too much politics in the office.'],
  },
  'Management Quality': {
    good: [
      'Managers are approachable and give clear direction.',
      'Leadership listens and explains decisions.',
    ],
    poor: ['Managers change priorities every week.', 'Micromanagement and little trust from leadership.'],
  },
  'Career Growth': {
    good: ['Plenty of learning and fair promotions.', 'I grew faster here than anywhere before.'],
    poor: ['Promotions are slow and unclear.', 'Little training and few chances to move up.'],
  },
  'Work-Life Balance': {
    good: ['Reasonable hours and flexible leave.', 'Hybrid work that actually works.'],
    poor: ['Late nights and weekend calls are normal.', 'Hard to take leave without guilt.'],
  },
  Compensation: {
    good: ['Salary is above market and paid on time.', 'Good bonus and decent hikes.'],
    poor: ['Pay is below market and hikes are small.', 'Salary credit is often delayed.'],
  },
  'Company Culture': {
    good: [
      'An inclusive culture where ideas are welcome.',
      'Festivals and team outings make it feel like family.',
    ],
    poor: ['The culture feels cold and top-down.', 'Feedback is not welcome here.'],
  },
  'Technical Skills': {
    good: ['Strong technical skills; picks up new tools quickly.', 'Writes clean, well-tested work.'],
    poor: ['Needs to strengthen fundamentals.', 'Work often needed rework before release.'],
  },
  Communication: {
    good: ['Communicates clearly with clients and the team.', 'Keeps everyone informed without being asked.'],
    poor: ['Updates were rare and often late.', 'Needs to communicate blockers earlier.'],
  },
  Reliability: {
    good: ['Always delivers on time.', 'Dependable even under tight deadlines.'],
    poor: ['Missed several deadlines.', 'Frequent unplanned absences.'],
  },
  'Team Collaboration': {
    good: ['A great team player who mentors juniors.', 'Works well across teams.'],
    poor: ['Prefers to work alone and rarely shares context.', 'Struggled to work with the team.'],
  },
  'Problem Solving': {
    good: ['Finds practical solutions to hard problems.', 'Calm and methodical when things break.'],
    poor: ['Needs a lot of help to get unstuck.', 'Tends to escalate instead of investigating.'],
  },
  Professionalism: {
    good: ['Professional and courteous at all times.', 'Handles pressure with maturity.'],
    poor: ['Needs to be more punctual and prepared.', 'Was careless with client commitments.'],
  },
};

export const OPENINGS = {
  EMPLOYEE_TO_COMPANY: {
    good: ['Great place to work.', 'Really enjoyed my time here.', 'Would recommend to friends.'],
    mixed: [
      'A decent company with some gaps.',
      'Good in parts, average in others.',
      'Mixed experience overall.',
    ],
    poor: ['Disappointing experience.', 'Would not recommend.', 'Think twice before joining.'],
  },
  EMPLOYER_TO_EMPLOYEE: {
    good: ['An excellent hire.', 'A pleasure to work with.', 'Would gladly rehire.'],
    mixed: ['A solid contributor with room to grow.', 'Did the job, with some ups and downs.'],
    poor: ['Did not meet expectations.', 'Performance was below what we needed.'],
  },
} as const;

export const FLAG_DETAILS: readonly string[] = [
  'This reviewer never worked with us.',
  'Mentions a colleague by name.',
  'Looks like a copy of another review.',
  'Written by a competitor.',
  'Contains abusive language.',
];
