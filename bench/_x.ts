import { openDatabase } from '../apps/server/src/db/client.ts';
import { searchDirectory, searchPlan } from '../apps/server/src/modules/directory/search.ts';
import { longTail } from './database.ts';
const db = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/worktrust_bench', poolSize: 1 });
const tail = await longTail(db, '1', 10);
let s = 12345; const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T,>(a: T[]) => a[Math.floor(rnd() * a.length)] as T;
const fragment = () => { const ws = pick(tail.employeeNames).split(/\s+/).filter((w) => w.length >= 3); const w = ws.length ? pick(ws) : pick(tail.employeeNames); const L = pick([3, 4]); if (w.length <= L) return w; const st = Math.floor(rnd() * (w.length - L + 1)); return w.slice(st, st + L); };
const kind = process.argv[2] ?? 'skills';
const N = Number(process.argv[3] ?? 300);
const results: { ms: number; f: unknown; page: number }[] = [];
for (let i = 0; i < N + 20; i++) {
  const filter: any = { role: 'employee', search: fragment() };
  if (kind === 'skills') filter.skills = [pick(pick(tail.employeeSkills)).toLowerCase()];
  if (kind === 'rating') filter.minTenths = 10 * (2 + Math.floor(rnd() * 3));
  const page = rnd() < 0.6 ? 1 : 1 + Math.floor(rnd() * 5);
  const t = performance.now();
  await searchDirectory(db.generic, filter, 'top', { id: tail.viewers.employer[0], context: 'employer_rating_employee' } as any, { limit: 10, offset: (page - 1) * 10 });
  if (i >= 20) results.push({ ms: performance.now() - t, f: filter, page });
}
const ms = results.map((r) => r.ms).sort((a, b) => a - b);
const q = (p: number) => ms[Math.floor(p * (ms.length - 1))]!.toFixed(2);
console.log(kind, 'mean', (ms.reduce((a, b) => a + b) / ms.length).toFixed(2), 'p50', q(0.5), 'p90', q(0.9), 'p99', q(0.99));
const slow = [...results].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.SLOW ?? 5));
for (const r of slow) console.log(r.ms.toFixed(1), r.page, JSON.stringify(r.f));
if (process.env.PLAN) { const r = slow[0]!; console.log(await searchPlan(db.generic, r.f as any, 'top', { id: 0, context: 'employer_rating_employee' } as any, { limit: 11, offset: (r.page - 1) * 10 }, { analyze: true })); }
await db.close();
