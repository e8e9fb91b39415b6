// Public user codes such as EMP-7K3F9Q / CMP-2M8XQA: a role prefix and six characters from an
// alphabet without look-alikes (no 0/O, 1/I/L).
import { randomInt } from 'node:crypto';
import type { UserRole } from '@workspace/contracts';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const PREFIX: Record<UserRole, string> = { employee: 'EMP', employer: 'CMP', moderator: 'MOD' };

export function newUserCode(role: UserRole, random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[random(ALPHABET.length)];
  return `${PREFIX[role]}-${code}`;
}
