// Reads of verified employment shared by the account page and the data export (ADR 0018).
import type { EmploymentVerification } from '@workspace/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { employmentVerifications, users } from '../../db/schema/index.ts';

/** The companies `employeeId` is verified at, newest first: company, domain and date only. */
export async function verificationsOf(db: Executor, employeeId: number): Promise<EmploymentVerification[]> {
  const rows = await db
    .select({
      companyId: employmentVerifications.companyId,
      companyName: users.fullName,
      domain: employmentVerifications.domain,
      verifiedAt: employmentVerifications.verifiedAt,
    })
    .from(employmentVerifications)
    .innerJoin(users, eq(users.id, employmentVerifications.companyId))
    .where(eq(employmentVerifications.employeeId, employeeId))
    .orderBy(desc(employmentVerifications.verifiedAt));
  return rows.map((row) => ({
    company_id: row.companyId,
    company_name: row.companyName,
    domain: row.domain,
    verified_at: row.verifiedAt.toISOString(),
  }));
}
