// Stored cities brought in line with the contracts' one name for each city (cities.ts, ADR 0033), as
// the server starts: rows written before a name was listed (or before the list existed) move to the
// kept name, by the same update as a profile edit, so their search pieces, the directory's and the
// profiles' cache versions follow (drizzle/0018, 0007). Found through users_dir_city (`lower(city)`),
// so a start with nothing to move reads no more than the index entries of the names looked for.
import { OTHER_CITY_NAMES } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** Moves every listed user's city stored under another name of it to the kept one; returns how many. */
export async function keepCityNames(db: Db): Promise<number> {
  const lowered = OTHER_CITY_NAMES.map(([name]) => name);
  const kept = OTHER_CITY_NAMES.map(([, city]) => city);
  const moved = await queryRows<{ id: number }>(
    db,
    sql`update users set city = names.kept
        from unnest(${sql.param(lowered)}::text[], ${sql.param(kept)}::text[]) as names(lowered, kept)
        where users.is_active and users.user_role in ('employee', 'employer')
          and lower(users.city) = any(${sql.param(lowered)}::text[]) and lower(users.city) = names.lowered
        returning users.id`,
  );
  return moved.length;
}
