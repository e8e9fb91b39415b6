// Demo data on the first start of an empty database (SEED_DEMO, on by default on a loopback HOST): 40 companies,
// 160 employees and 1,500 ratings from a fixed seed, with known logins for one employee, one
// employer and one moderator. Takes about a second on the embedded database.
import type { AppDeps } from '../app-deps.ts';
import { ensureModerator } from '../modules/auth/moderator.ts';
import { DatabaseNotEmptyError, SEED_PASSWORD, seedDatabase } from './load.ts';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

const DEMO_SEED = 'worktrust-demo';
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { role: 'employee', email: 'employee@demo.in', password: SEED_PASSWORD },
  { role: 'employer', email: 'employer@demo.in', password: SEED_PASSWORD },
  { role: 'moderator', email: 'moderator@demo.in', password: SEED_PASSWORD },
];

/** Loads demo data into an empty database; returns the demo logins (empty when data existed). */
export async function seedDemoIfEmpty(deps: AppDeps): Promise<DemoLogin[]> {
  try {
    await seedDatabase(deps.db, {
      users: 200,
      ratings: 1500,
      employerShare: 0.2,
      seed: DEMO_SEED,
      now: new Date(),
      flags: 8,
      named: {
        employee: { email: 'employee@demo.in', fullName: 'Ananya Iyer', city: 'Bengaluru' },
        employer: { email: 'employer@demo.in', fullName: 'Sahyadri Infotech Pvt Ltd', city: 'Pune' },
      },
    });
  } catch (error) {
    // Users exist (perhaps another instance seeded first): nothing to do.
    if (error instanceof DatabaseNotEmptyError) return [];
    throw error;
  }
  await ensureModerator(deps.db, 'moderator@demo.in', SEED_PASSWORD);
  return [...DEMO_LOGINS];
}
