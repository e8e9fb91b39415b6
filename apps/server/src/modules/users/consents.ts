// The versions of the privacy notice an account accepted (DESIGN §8.3): recorded at sign-up (auth)
// and on accepting a new version (privacy), read by both; part of the account, so kept with users.
import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { consents } from '../../db/schema/index.ts';

export async function latestConsent(ex: Executor, userId: number): Promise<string | null> {
  const [row] = await ex
    .select({ version: consents.version })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.acceptedAt), desc(consents.id))
    .limit(1);
  return row?.version ?? null;
}

export async function recordConsent(ex: Executor, userId: number, version: string): Promise<void> {
  await ex.insert(consents).values({ userId, version });
}

export async function consentsOf(ex: Executor, userId: number) {
  return ex
    .select({ version: consents.version, acceptedAt: consents.acceptedAt })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.acceptedAt), asc(consents.id));
}
