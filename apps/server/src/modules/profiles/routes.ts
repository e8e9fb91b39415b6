// /api/core/users/{id}/…: another user's (or one's own) public page, statistics and ratings.
// Suspended users and moderators answer 404 like unknown ids.
import {
  contextForRole,
  idParams,
  MSG,
  PAGE_SIZES,
  pageQuery,
  profileQuery,
  profileResponse,
  ratingList,
  type UserRole,
  userStatsResponse,
} from '@workspace/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { encodeJson, sendJson, withFields } from '../../lib/json-answer.ts';
import { emptyList, listAnswer, pageWindow } from '../../lib/paging.ts';
import { bearerAuth, errorAnswers } from '../../lib/route-docs.ts';
import type { StaleReads } from '../../plugins/replica-reads.ts';
import { type Session, sessionOf } from '../../plugins/session.ts';
import { aggregatesOf } from '../ratings/aggregates.ts';
import { canRate } from '../ratings/eligibility.ts';
import { receivedPublishedPage, verifiedReceivedBy, verifiedReceivedPage } from '../ratings/repository.ts';
import { type RatingRecord, toRatingView } from '../ratings/serialize.ts';
import { toPublicUser } from '../users/serialize.ts';
import { profiledUser } from './repository.ts';
import { detailsVisible, ratingSummary } from './service.ts';

const userRatingsQuery = pageQuery(PAGE_SIZES.userRatings).extend({ verified: profileQuery.shape.verified });

/** A profile as every caller but the user and their raters sees it, without the caller's fields. */
const sharedProfile = profileResponse.omit({ can_rate: true, user_has_rated: true, rate_again_on: true });
/** A profile's JSON: shared, without the caller's three fields, or personal, complete. */
interface ProfileView {
  json: string;
  role: UserRole;
  personal: boolean;
}

/** The path's user id as validation will read it (`idParams`), for the session statement; null if bad. */
const pathUserId = (params: unknown) => {
  const parsed = idParams.safeParse(params);
  return parsed.success ? parsed.data.id : null;
};

/** The newest published ratings read with `user`, as `viewerId` sees them; none when details are private. */
function visibleRatings(
  user: Pick<UserRow, 'id' | 'showRatingDetails'>,
  newest: RatingRecord[],
  viewerId: number,
  badgeMin: number,
) {
  if (!detailsVisible(user, viewerId)) return [];
  return newest.map((record) => toRatingView(record, viewerId, badgeMin));
}

/**
 * Whether the viewer has rated `user` in the viewer's context, and may rate them now or from which day
 * (a cooldown the session check read with the caller's session).
 */
function ratingState(session: Session, user: Pick<UserRow, 'id' | 'userRole' | 'isActive'>, rated: boolean) {
  const party = { id: user.id, role: user.userRole, isActive: user.isActive };
  const rateAgainOn = session.shown?.id === user.id ? session.shown.rateAgainOn : null;
  return {
    can_rate: canRate(session, party, rated, rateAgainOn),
    user_has_rated: rated,
    rate_again_on: rateAgainOn,
  };
}

export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, viewCache } = app.deps;
  const badgeMin = app.deps.env.VERIFIED_BADGE_MIN;

  /**
   * Where a read of user `id` goes: a person's own profile from the primary, anyone else's from a
   * replica unless the caller wrote lately (DESIGN §9.2, plugins/replica-reads.ts).
   */
  const readsOf = (request: FastifyRequest, id: number): StaleReads =>
    id === sessionOf(request).userId ? { db, generic: db } : app.reads.staleReads(request);

  /** The profiled user with their newest `ratings` published ratings. */
  const loadUser = async (from: Db, id: number, ratings: number, viewer?: Session) => {
    const found = await profiledUser(
      from,
      id,
      ratings,
      badgeMin,
      viewer && { userId: viewer.userId, context: contextForRole(viewer.role) },
    );
    if (!found) throw notFound(MSG.userNotFound);
    return found;
  };

  r.get(
    '/users/:id/stats',
    {
      schema: {
        tags: ['profiles'],
        security: bearerAuth,
        summary: "A user's rating statistics and newest ratings",
        params: idParams,
        response: { 200: userStatsResponse, ...errorAnswers(401, 404) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const { user, newestRatings } = await loadUser(
        readsOf(request, request.params.id).db,
        request.params.id,
        PAGE_SIZES.dashboardRecent,
      );
      const summary = ratingSummary(user, userId);
      const recent = visibleRatings(user, newestRatings, userId, badgeMin);
      return {
        user_id: user.id,
        full_name: user.fullName,
        user_role: user.userRole,
        average_rating: summary.average_rating,
        total_ratings: summary.total_ratings,
        ratings_by_category: summary.ratings_by_category,
        recent_ratings: recent,
      };
    },
  );

  r.get(
    '/users/:id/profile',
    {
      config: { sessionReads: { shownUser: pathUserId } },
      schema: {
        tags: ['profiles'],
        security: bearerAuth,
        summary:
          "A user's profile, rating summary and newest ratings (50, or ?ratings=N); a company's verified employees' alone with ?verified=true",
        params: idParams,
        querystring: profileQuery,
        response: { 200: profileResponse, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const version = session.shown?.viewVersion ?? null;
      // Every view of a profile is fixed by the user's view version, read with the session: what
      // others see is the same for every caller who has not rated the user, and cached once; the user
      // (their own details) and each of their raters (their own rating in full) get a view of their
      // own, for the caller's role too (it decides the rating context).
      const shared =
        session.shown !== undefined && session.shown.id !== session.userId && !session.shown.callerRated;
      const { ratings: shown, verified } = request.query;
      const variant = `${request.params.id}:${shown}${verified ? ':verified' : ''}`;
      // A personal view shows the caller's own rating (their name, its appeal): kept at their own
      // version as well as the user's, since a rename or an appeal moves only theirs.
      const key = shared
        ? `profile:${variant}`
        : `profile:${variant}:for:${session.userId}:${session.role}:${session.viewVersion}`;
      let view =
        version === null
          ? undefined
          : viewCache.get<ProfileView>(key, version, app.reads.wroteLately(request));
      if (!view) {
        // A shared view is built as nobody (viewer 0) sees it, never as the caller: the session said
        // they have not rated the user, but the ratings may be read later or from a replica that still
        // holds a rating they just withdrew, and their own rating in full would go to everyone.
        const viewerId = shared ? 0 : session.userId;
        const reads = readsOf(request, request.params.id);
        const { user, newestRatings, viewerHasRated, underReview, verifiedCount } = await loadUser(
          reads.db,
          request.params.id,
          verified ? 0 : shown,
          session,
        );
        const profile = toPublicUser(user);
        if (user.id === session.userId) profile.total_ratings_received = user.totalRatingsReceived;
        // "N of M from verified employees" and the verified-only view: past the badge's minimum, and
        // only where the caller may see the counts at all (DESIGN §9.4, ADR 0018).
        const verifiedRatings =
          verifiedCount !== null && detailsVisible(user, viewerId)
            ? { count: verifiedCount, total: user.totalRatingsReceived }
            : null;
        if (verified && !verifiedRatings) throw badRequest(MSG.verifiedOnlyUnavailable);
        const [summarised, listed] = verified
          ? await Promise.all([
              aggregatesOf(reads.db, verifiedReceivedBy(user.id) as SQL).then((only) => ({
                ...user,
                ...only,
              })),
              verifiedReceivedPage(reads.db, user.id, { limit: shown, offset: 0 }).then(
                (page) => page.records,
              ),
            ])
          : [user, newestRatings];
        const answer = {
          user_profile: profile,
          rating_summary: ratingSummary(summarised, viewerId),
          all_ratings: visibleRatings(user, listed, viewerId, badgeMin),
          unusual_activity: underReview,
          verified_ratings: verifiedRatings,
        };
        view = shared
          ? { json: encodeJson(sharedProfile, answer), role: user.userRole, personal: false }
          : {
              json: encodeJson(profileResponse, { ...answer, ...ratingState(session, user, viewerHasRated) }),
              role: user.userRole,
              personal: true,
            };
        if (version !== null) viewCache.set(key, version, view, view.json.length, reads.freshUntil);
      }
      if (view.personal) return sendJson(reply, view.json);
      const state = ratingState(
        session,
        { id: request.params.id, userRole: view.role, isActive: true },
        false,
      );
      return sendJson(reply, withFields(view.json, state));
    },
  );

  r.get(
    '/users/:id/ratings',
    {
      schema: {
        tags: ['profiles'],
        security: bearerAuth,
        summary:
          "A user's published ratings, page by page; a company's verified employees' alone with ?verified=true",
        params: idParams,
        querystring: userRatingsQuery,
        response: { 200: ratingList, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const reads = readsOf(request, request.params.id);
      const { user, verifiedCount } = await loadUser(reads.db, request.params.id, 0);
      const { verified } = request.query;
      // The same gate as the profile's verified-only view.
      if (verified && (verifiedCount === null || !detailsVisible(user, userId))) {
        throw badRequest(MSG.verifiedOnlyUnavailable);
      }
      if (!detailsVisible(user, userId)) return emptyList(request.query);
      const readPage = verified ? verifiedReceivedPage : receivedPublishedPage;
      const { records, total } = await readPage(reads.db, user.id, pageWindow(request.query));
      return listAnswer(
        records.map((record) => toRatingView(record, userId, badgeMin)),
        total,
        request.query,
      );
    },
  );
}
