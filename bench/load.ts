// One load case through autocannon: a fixed number of connections for a fixed time, each request
// built by `next()` so that cases rotate users, queries and rating pairs.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';

export interface Req {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  next: () => Req;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  non2xx: number;
  /** A few answers that were not 2xx, to say why. */
  errorSamples: string[];
}

const addresses = new Map<string, string>();
/**
 * The address a signed-in person's requests come from, as the proxy in front of the server names it
 * (the bench starts the server with TRUST_PROXY=127.0.0.1): one of its own for each token, so the
 * per-address limits count people, as they do behind nginx, not one address for everyone.
 */
function addressOf(token: string): string {
  let address = addresses.get(token);
  if (!address) {
    const hash = createHash('sha256').update(token).digest();
    address = `10.${hash[0]}.${hash[1]}.${hash[2]}`;
    addresses.set(token, address);
  }
  return address;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const errorSamples: string[] = [];
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const r = options.next();
          return {
            ...request,
            method: r.method,
            path: r.path,
            headers: {
              ...(r.token && { authorization: `Bearer ${r.token}`, 'x-forwarded-for': addressOf(r.token) }),
              ...(r.body !== undefined && { 'content-type': 'application/json' }),
            },
            body: r.body === undefined ? undefined : JSON.stringify(r.body),
          };
        },
        onResponse: (status, body) => {
          if ((status < 200 || status > 299) && errorSamples.length < 5) {
            errorSamples.push(`${status} ${body.slice(0, 200)}`);
          }
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
    non2xx: result.non2xx,
    errorSamples,
  };
}
