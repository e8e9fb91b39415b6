// /api/core: every route here needs a signed-in user. Health lives apart (modules/health) because it
// is public.
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../plugins/session.ts';
import { dashboardRoutes } from '../dashboard/routes.ts';
import { directoryRoutes } from '../directory/routes.ts';
import { profileRoutes } from '../profiles/routes.ts';
import { ratingActionRoutes } from '../rating-actions/routes.ts';
import { ratingRoutes } from '../ratings/routes.ts';

export async function coreRoutes(app: FastifyInstance) {
  // onRequest, so a missing token is answered 401 before the body or query is judged.
  app.addHook('onRequest', authenticate(app));
  await app.register(directoryRoutes);
  await app.register(ratingRoutes);
  await app.register(ratingActionRoutes);
  await app.register(profileRoutes);
  await app.register(dashboardRoutes);
}
