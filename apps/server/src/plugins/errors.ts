// One error path for the whole API (DESIGN §3): every error leaves as {"detail", "errors"?}, client
// mistakes as 4xx with a readable message, and anything unexpected as a bare 500.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { MSG, type PersonalDataKind, type PersonalDataText, personalDataKindOf } from '@workspace/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.ts';
import { loggableError } from '../lib/loggable-error.ts';

type ValidationEntry = { instancePath?: string; message?: string };

/** '/work_history/0/company' -> 'work_history.0.company'; a root issue -> 'non_field_errors'. */
function fieldErrors(entries: readonly ValidationEntry[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const entry of entries) {
    const key = (entry.instancePath ?? '').split('/').filter(Boolean).join('.') || 'non_field_errors';
    const list = errors[key] ?? [];
    const message = entry.message ?? MSG.validationFailed;
    if (!list.includes(message)) list.push(message);
    errors[key] = list;
  }
  return errors;
}

const CLIENT_ERROR_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MSG.notJson,
  FST_ERR_CTP_BODY_TOO_LARGE: MSG.bodyTooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: MSG.invalidJson,
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MSG.contentLengthMismatch,
};

// Errors that mean the database cannot be reached (refused, reset, timed out, shutting down):
// answered 503 so clients and load balancers retry, not 500.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      e.message &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

// Text PostgreSQL cannot store (a NUL character, a bad \u escape in JSON) is the client's input: 400.
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
function isUnstorableText(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.code === 'string' && UNSTORABLE_TEXT_CODES.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing, which never reach the error handler.
 * A URL that is not valid percent-encoding names no resource: 404 in our shape, as a malformed id does.
 */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void reply.code(404).send({ detail: MSG.notFound });
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused before Fastify saw one (headers
 * over Node's limit, 16 KB; a request that is not HTTP; one too slow to arrive). Answered in the API's
 * shape, as Fastify's default answers with its own, and the connection closed: there is no request
 * to go on with. Nothing of it is logged; its headers may carry a token.
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection is gone: nothing to answer (Node's docs, 'clientError').
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MSG.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MSG.requestTimeout]
        : [400, MSG.malformedRequest];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** A published text the schema refused for personal data: which kind of text, and what it held. */
export interface PersonalDataRefusal {
  text: PersonalDataText;
  kind: PersonalDataKind;
}

/** The refusals for personal data among a body's validation issues: a rating's feedback or another text. */
function personalDataRefusals(entries: readonly ValidationEntry[]): PersonalDataRefusal[] {
  return entries.flatMap((entry) => {
    const kind = personalDataKindOf(entry.message ?? '');
    if (!kind) return [];
    const field = (entry.instancePath ?? '').split('/').pop();
    return [{ text: field === 'feedback_message' ? 'rating' : 'other', kind }];
  });
}

export interface ErrorHandlingOptions {
  /** Told of each text refused for personal data, for the transparency report's counts. */
  onPersonalDataRefused?: (refusal: PersonalDataRefusal) => Promise<void>;
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}) {
  // One warning per outage, not one per request (a 20 s outage wrote 1,015 of them): set by the
  // first unavailable answer, cleared by the next success that read the database (a signed-in
  // request's session, or the health check).
  let outage = false;
  app.addHook('onResponse', async (request, reply) => {
    if (outage && reply.statusCode < 300 && (request.session || request.url.startsWith('/api/core/health'))) {
      outage = false;
      app.log.info('database available again');
    }
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        detail: error.detail,
        ...(error.errors && { errors: error.errors }),
        ...(error.reason && { reason: error.reason }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names no resource at all.
      if (error.validationContext === 'params') return reply.code(404).send({ detail: MSG.notFound });
      const count = options.onPersonalDataRefused;
      if (count && error.validationContext === 'body') {
        // Counted before answering; a failure to count never changes the answer.
        for (const refusal of personalDataRefusals(error.validation)) {
          await count(refusal).catch((failure: unknown) =>
            request.log.error({ err: failure }, 'counting a personal-data refusal failed'),
          );
        }
      }
      return reply.code(400).send({ detail: MSG.validationFailed, errors: fieldErrors(error.validation) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ detail: MSG.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      const detail =
        CLIENT_ERROR_DETAILS[error.code] ??
        (error instanceof SyntaxError ? MSG.invalidJson : MSG.validationFailed);
      return reply.code(status).send({ detail });
    }
    if (status === 503 || isDatabaseUnavailable(error)) {
      if (!outage) {
        outage = true;
        request.log.warn({ err: loggableError(error) }, 'database unavailable');
      }
      return reply.code(503).send({ detail: MSG.serviceUnavailable });
    }
    if (isUnstorableText(error)) return reply.code(400).send({ detail: MSG.validationFailed });
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.code(500).send({ detail: MSG.internalError });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: MSG.notFound }));
}
