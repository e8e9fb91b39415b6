// How many PostgreSQL connections each server process opens when DB_POOL_SIZE is not set.
import { availableParallelism } from 'node:os';

/**
 * About two connections per core in all (PostgreSQL's rule of thumb for a database on the same
 * machine), shared by the worker processes, at least two each: one worker per core on a big machine
 * then stays well within max_connections.
 */
export const poolPerWorker = (workers: number) =>
  Math.max(2, Math.ceil((2 * availableParallelism() + 2) / workers));
