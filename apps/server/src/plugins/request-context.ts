// Which request is being handled, for code that logs without `request.log` (the mailer, the Redis
// fallbacks): server.ts's logger adds this id to every line written on the request's behalf, so each
// line of a request carries its id (issue 5 §6). The context is entered in onRequest and entered
// again before validation, because a request body arrives through stream events that lose it (the
// approach of @fastify/request-context).
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const storage = new AsyncLocalStorage<string>();
const resources = new WeakMap<object, AsyncResource>();

/** The id of the request whose work is running now, if any. */
export const currentRequestId = (): string | undefined => storage.getStore();

export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run(request.id, () => {
      const resource = new AsyncResource('worktrust-request');
      resources.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
