// The server's environment, validated once at start (DESIGN §2). A bad value stops the process with
// one line naming the variable.
import { BlockList, isIP } from 'node:net';
import { GRIEVANCE_OFFICER_DEFAULT_NAME } from '@workspace/contracts';
import { z } from 'zod';

const boolFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const durationRe = /^(\d+)\s*(s|m|h|d)?$/;
/** Seconds from '900', '15m', '7d'. */
const duration = z
  .string()
  .regex(durationRe, 'must be a duration such as 900, 15m, 12h or 7d')
  .transform((v) => {
    const [, n, unit] = durationRe.exec(v) as RegExpExecArray;
    return Number(n) * { s: 1, m: 60, h: 3600, d: 86400 }[(unit ?? 's') as 's' | 'm' | 'h' | 'd'];
  });

const positiveInt = z.coerce.number().int().positive();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    // Streaming replicas of DATABASE_URL for the reads that may be a few seconds old (DESIGN §9.2,
    // db/replicas.ts), comma-separated; a person's reads within REPLICA_STICKY_S of their last write
    // stay on the primary, and a replica more than REPLICA_MAX_LAG_S behind is skipped.
    DATABASE_REPLICA_URLS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .refine(
        (urls) => urls.every((url) => /^postgres(ql)?:\/\//.test(url)),
        'must be comma-separated URLs starting with postgres:// or postgresql://',
      ),
    REPLICA_STICKY_S: duration.default(5),
    REPLICA_MAX_LAG_S: duration.refine((v) => v >= 1, 'must be at least 1s').default(10),
    DATA_DIR: z.string().min(1).default('./data'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL: duration.default(15 * 60),
    REFRESH_TOKEN_TTL: duration.default(7 * 86400),
    // Seconds after a refresh during which the token it replaced answers with the current tokens
    // instead of ending the session (two tabs refreshing at once; ADR 0004). 0 turns it off.
    REFRESH_REUSE_GRACE: duration.default(30),
    // on: each refresh rotates the refresh token, and a rotated one presented later ends the session
    // (reuse detection, ADR 0004). off: a refresh token stays valid until it expires and a refresh
    // answers {access} only, for older clients that keep their first refresh token (DESIGN §9.1).
    REFRESH_ROTATION: boolFlag.default(true),
    // Unset: on when HOST is a loopback address, off on any other (see devDefaults).
    SEED_DEMO: boolFlag.optional(),
    MODERATOR_EMAIL: z.email().optional(),
    MODERATOR_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    RATE_LIMIT_MAX: positiveInt.default(300),
    // Per account a minute, from any addresses (plugins/account-limit.ts): every API request with a
    // valid token, and of those the writes.
    ACCOUNT_RATE_LIMIT: positiveInt.default(300),
    ACCOUNT_WRITE_LIMIT: positiveInt.default(60),
    LOGIN_RATE_LIMIT: positiveInt.default(10),
    // Failed sign-ins for one account from any addresses before its attempts are spaced out
    // (modules/auth/service.ts: a growing delay, never a lock).
    LOGIN_ACCOUNT_LIMIT: positiveInt.default(20),
    // per AUTH_RATE_WINDOW, each route counted on its own
    AUTH_RATE_LIMIT: positiveInt.default(20),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    // Sender of every message: an address, or a name and an address ('WorkTrust <no-reply@example.in>').
    MAIL_FROM: z
      .string()
      .regex(/^([^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address or Name <address>')
      .default('WorkTrust <no-reply@localhost>'),
    // The Grievance Officer named on /grievance and in grievance mails (IT Rules 2021, DESIGN §8.3).
    GRIEVANCE_OFFICER_NAME: z
      .string()
      .trim()
      .min(2, 'must be at least 2 characters')
      .max(100, 'must be at most 100 characters')
      .default(GRIEVANCE_OFFICER_DEFAULT_NAME),
    GRIEVANCE_OFFICER_EMAIL: z.email('must be an email address').default('grievances@worktrust.example'),
    EXPOSE_RESET_CODE: boolFlag.optional(),
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Bearer token for /api/metrics; unset: the endpoint answers 404 (issue 5: not public by default).
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // Which proxies may set X-Forwarded-For/Proto: true (any), false, or comma-separated addresses or
    // CIDRs (Fastify's trustProxy). Default: none, in production too: trusting any sender let a client
    // that reaches the port directly choose its own address and walk past the per-address limits.
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'must be true, false or addresses')
      .optional(),
    WEB_DIST: z.string().optional(),
    // Connections per process in the PostgreSQL pool (cluster.ts sizes it to the machine when unset).
    DB_POOL_SIZE: positiveInt.max(100, 'must be at most 100').optional(),
    // How long a stopping process lets in-flight requests finish before it gives up and exits 1
    // (server.ts). At least 1 s.
    SHUTDOWN_TIMEOUT: duration.refine((v) => v >= 1, 'must be at least 1s').default(10),
    // Embedded database only: how often the server vacuums and analyses the tables autovacuum's rule
    // says are due (db/maintenance.ts; PGlite has no autovacuum). At least 1 s.
    EMBEDDED_VACUUM_INTERVAL: duration.refine((v) => v >= 1, 'must be at least 1s').default(60),
    // Megabytes of serialised answers each process may keep (lib/view-cache.ts, ADR 0007); 0: none.
    // Raters of a company whose ratings carry the verified badge before any view shows it (DESIGN §9.1).
    VERIFIED_BADGE_MIN: positiveInt.default(5),
    // `day`: an anonymous rating is published, counted and told to its ratee at the start of the next
    // day in India, with the rest of that day's (ADR 0030); `off`: at once, its moment visible to anyone
    // watching the ratee's page (for development and the tests of everything else).
    ANONYMOUS_HOLD: z.enum(['day', 'off']).default('day'),
    // The site's address as people reach it, for the links in mail (notifications, unsubscribing).
    PUBLIC_URL: z.url({ error: 'must be a URL, e.g. https://worktrust.example.in' }).optional(),
    VIEW_CACHE_MB: z.coerce.number().int().min(0).max(4096, 'must be at most 4096').default(32),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.DATABASE_REPLICA_URLS.length > 0 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URLS'],
        message: 'needs DATABASE_URL: replicas are of a PostgreSQL primary',
      });
    }
    if (Boolean(env.MODERATOR_EMAIL) !== Boolean(env.MODERATOR_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.MODERATOR_EMAIL ? 'MODERATOR_PASSWORD' : 'MODERATOR_EMAIL'],
        message: 'must be set together with the other MODERATOR_ variable',
      });
    }
  })
  .transform((env) => {
    const proxy = trustProxy(env.TRUST_PROXY);
    // Development conveniences hand over accounts, so they default on only where no one else can
    // reach the server (issue 15): a loopback HOST, and neither production nor a proxy in front, since
    // nginx on the same host reaches a loopback HOST for the whole world (issue 42). An explicit
    // setting wins; server.ts warns when one is on where it would default off.
    const privateServer =
      isLoopback(env.HOST) && !publicFacing({ NODE_ENV: env.NODE_ENV, TRUST_PROXY: proxy });
    return {
      ...env,
      SEED_DEMO: env.SEED_DEMO ?? privateServer,
      EXPOSE_RESET_CODE: env.EXPOSE_RESET_CODE ?? privateServer,
      TRUST_PROXY: proxy,
      PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    };
  });

/** Production, or behind a proxy: whoever reaches the proxy reaches the server, whatever HOST is. */
export const publicFacing = (env: { NODE_ENV: string; TRUST_PROXY: boolean | string[] }) =>
  env.NODE_ENV === 'production' || env.TRUST_PROXY !== false;

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for 127.0.0.0/8, ::1 and localhost; not for the wildcards 0.0.0.0 and ::. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare.toLowerCase() === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** TRUST_PROXY as Fastify's trustProxy option. */
function trustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined) return false;
  if (value === 'true' || value === 'false') return value === 'true';
  return value.split(',').map((v) => v.trim());
}

export type Env = z.infer<typeof envSchema>;
/** ANONYMOUS_HOLD: 'day' holds anonymous ratings and their edits until the next day's release (ADR 0030). */
export type AnonymousHold = Env['ANONYMOUS_HOLD'];
/** The window AUTH_RATE_LIMIT counts in (registration, password reset, grievances, work-email codes). */
export const AUTH_RATE_WINDOW = '15 minutes';

export class EnvError extends Error {}

/** Parses the environment; throws EnvError with one line per bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (i) => `Invalid environment variable ${String(i.path[0])}: ${i.message}`,
  );
  throw new EnvError(lines.join('\n'));
}
