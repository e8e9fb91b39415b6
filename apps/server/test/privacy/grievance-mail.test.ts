// The grievance mails' signature: the officer's name before their title when an operator set one, the
// title alone when not (the default name is the title, and "Grievance Officer, Grievance Officer" read
// as a slip), in the language the grievance was filed in.
import type { Grievance } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { grievanceAcknowledgement } from '../../src/modules/privacy/mail.ts';

const filed: Grievance = {
  id: 7,
  number: 'GRV-2026-000007',
  status: 'open',
  due_at: '2026-12-16T00:00:00.000Z',
  category: 'OTHER',
  subject_url: null,
  details: 'A question about my data.',
  created_at: '2026-12-01T05:00:00.000Z',
  closed_at: null,
  close_reason: null,
};

describe('a grievance mail is signed', () => {
  it('with the title alone while no officer is named', () => {
    const env = parseEnv({});
    expect(grievanceAcknowledgement('a@example.in', filed, 'en', env).text).toContain(
      '\nGrievance Officer, WorkTrust\n',
    );
    expect(grievanceAcknowledgement('a@example.in', filed, 'hi', env).text).toContain(
      '\nशिकायत अधिकारी, WorkTrust\n',
    );
  });

  it("with the officer's name before the title once one is set", () => {
    const env = parseEnv({ GRIEVANCE_OFFICER_NAME: 'Priya Raman' });
    expect(grievanceAcknowledgement('a@example.in', filed, 'en', env).text).toContain(
      '\nPriya Raman, Grievance Officer, WorkTrust\n',
    );
  });
});
