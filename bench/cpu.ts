// CPU time spent per request by each party: the server's processes, the PostgreSQL backends serving
// the bench's database, and the load generator (this process). Unlike requests/s these figures do
// not depend on what else the shared machine is doing, so they show where the time goes.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../apps/server/src/db/client.ts';

const TICKS_PER_SECOND = 100;

/** user + system CPU of a process in ms, or 0 when it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at index 2 of this split.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export interface CpuSplit {
  serverMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
}

/** Starts measuring; `stop()` answers the CPU each party used since. */
export async function measureCpu(databases: Database[], serverPids: () => number[]) {
  // The backends of every cluster serving the bench (the primary, and a replica with --replica).
  const backends = async () =>
    (
      await Promise.all(
        databases.map((database) =>
          queryRows<{ pid: number }>(
            database.db,
            sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
          ),
        ),
      )
    )
      .flat()
      .map((r) => r.pid);
  const startServer = new Map(serverPids().map((pid) => [pid, processCpuMs(pid)]));
  const startPostgres = new Map((await backends()).map((pid) => [pid, processCpuMs(pid)]));
  const startSelf = process.cpuUsage();
  return {
    async stop(): Promise<CpuSplit> {
      const self = process.cpuUsage(startSelf);
      const sum = (pids: number[], start: Map<number, number>) =>
        pids.reduce((total, pid) => total + processCpuMs(pid) - (start.get(pid) ?? 0), 0);
      return {
        serverMs: sum(serverPids(), startServer),
        postgresMs: sum(await backends(), startPostgres),
        loadGeneratorMs: (self.user + self.system) / 1000,
      };
    },
  };
}
