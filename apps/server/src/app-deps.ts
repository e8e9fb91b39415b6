// What the app is built from: the process-wide services bootstrap.ts (or a test) makes once. Its own
// module so that modules can name it without importing app.ts, which imports them (no import cycle).
import type { Redis } from 'ioredis';
import type { Env } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { Counters, Tally } from './lib/counters.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Poller } from './lib/poller.ts';
import type { TokenService } from './lib/tokens.ts';
import type { ViewCache } from './lib/view-cache.ts';
import type { RankRefresh } from './modules/directory/search/ranks.ts';
import type { NotificationMail } from './modules/notifications/worker.ts';
import type { HeldRelease } from './modules/ratings/release.ts';

export interface AppDeps {
  env: Env;
  database: Database;
  db: Db;
  tokens: TokenService;
  /** The server's memory counts (lib/counters.ts): the rate limits without Redis or while it is down. */
  tally: Tally;
  counters: Counters;
  mailer: Mailer;
  /** Turns each notification into its mail (modules/notifications/worker.ts). */
  notificationMail: NotificationMail;
  /** Copies ratings' new ranks into search's pieces a moment later (ADR 0027). */
  searchRanks: RankRefresh;
  /** Publishes the held anonymous ratings of a day once it has ended (ADR 0030). */
  heldRelease: HeldRelease;
  /** Moves cities stored under another name of a listed city to the kept one (ADR 0033). */
  cityNames: Poller;
  redis: Redis | null;
  viewCache: ViewCache;
}
