// How a rating leaves the API (DESIGN §5): in full to its rater, and to everyone else without any
// trace of an anonymous rater (no id, no name, only the day it was written).
import {
  type AppealStatus,
  dayOnly,
  RATING_CATEGORIES,
  type Rating,
  type RatingDispute,
  type RatingHiddenReply,
  type RatingModeration,
  type RatingReply,
  type RoleContext,
} from '@workspace/contracts';
import type { HeldEdit, RatingRow, RatingScores } from '../../db/schema/index.ts';
import { fromTenths } from '../users/serialize.ts';

const ANONYMOUS_NAME = 'Anonymous';

export interface ScoreEntry {
  category: string;
  score: number;
}

/** Times inside the JSON the database builds: PostgreSQL's text form of timestamptz. */
type DbTime = string;

export interface ReplyEntry {
  message: string;
  created_at: DbTime;
  updated_at: DbTime;
  /** Set when moderators hid it (with their reason): then its author alone sees it. */
  hidden_at: DbTime | null;
  hidden_reason: string | null;
}

export interface DisputeEntry {
  status: RatingDispute['status'];
  outcome: RatingDispute['outcome'];
  reason: string | null;
  due_at: DbTime;
  restored: boolean;
}

/** An edit waiting for the next day's release (drizzle/0051), with when its author made it. */
export type HeldEditEntry = HeldEdit & { at: DbTime };

export interface ModerationEntry {
  reason: string | null;
  at: DbTime;
  appeal: { status: AppealStatus; reason: string | null } | null;
}

/** A rating row with the names it is shown with, its category scores and what answers it (§8.1). */
export interface RatingRecord
  extends Pick<
    RatingRow,
    | 'id'
    | 'raterId'
    | 'rateeId'
    | 'roleContext'
    | 'isAnonymous'
    | 'feedbackMessage'
    | 'overallTenths'
    | 'status'
    | 'createdAt'
    | 'editedAt'
  > {
  raterName: string;
  rateeName: string;
  /** Its author held a verification of employment at the rated company when writing it (ADR 0018). */
  verifiedEmployee: boolean;
  /** The ratee's raters whose ratings carry the badge (users.verified_raters). */
  verifiedRaters: number;
  /** As the rating stores them: by category name (drizzle/0025). */
  scores: RatingScores;
  reply: ReplyEntry | null;
  dispute: DisputeEntry | null;
  moderation: ModerationEntry | null;
  heldEdit: HeldEditEntry | null;
  /** Its author was reinstated and it comes back with the next day's release (drizzle/0052). */
  returnHeld: boolean | null;
}

const iso = (time: DbTime | Date) => new Date(time).toISOString();

function replyView(reply: ReplyEntry | null): RatingReply | null {
  return (
    reply && { message: reply.message, created_at: iso(reply.created_at), updated_at: iso(reply.updated_at) }
  );
}

/** The reply as shown under the rating: none once moderators hid it. */
const shownReply = (reply: ReplyEntry | null) => (reply?.hidden_at ? null : replyView(reply));

/** To the reply's author (the rated party) alone: their reply that moderators hid, and why. */
function hiddenReplyView(reply: ReplyEntry | null): RatingHiddenReply | null {
  const shown = replyView(reply);
  return reply?.hidden_at && shown
    ? { ...shown, reason: reply.hidden_reason ?? '', hidden_at: iso(reply.hidden_at) }
    : null;
}

function disputeView(dispute: DisputeEntry | null): RatingDispute | null {
  return dispute && { ...dispute, due_at: iso(dispute.due_at) };
}

function moderationView(moderation: ModerationEntry | null): RatingModeration | null {
  return (
    moderation && {
      action: 'hidden',
      reason: moderation.reason,
      at: iso(moderation.at),
      appeal: moderation.appeal,
    }
  );
}

/** Stored category scores as a list in the context's fixed category order. */
function orderedScores(context: RoleContext, scores: RatingScores): ScoreEntry[] {
  const listed: ScoreEntry[] = [];
  for (const category of RATING_CATEGORIES[context]) {
    const score = scores[category];
    if (score !== undefined) listed.push({ category, score });
  }
  return listed;
}

/**
 * The badge as every view shows it (DESIGN §9.1): only while the company has at least `badgeMin`
 * raters whose ratings carry it, so it never narrows an anonymous author down to fewer people than
 * that who received a code mail from the company's own mail server.
 */
const badgeShown = (record: RatingRecord, badgeMin: number) =>
  record.verifiedEmployee && record.verifiedRaters >= badgeMin;

/** The rating as `viewerId` may see it; `badgeMin` is VERIFIED_BADGE_MIN. */
export function toRatingView(stored: RatingRecord, viewerId: number, badgeMin: number): Rating {
  const edit = stored.raterId === viewerId ? stored.heldEdit : null;
  // Its author sees their edit that waits for the next day (ADR 0030); everyone else the rating as it was.
  const record: RatingRecord = edit
    ? {
        ...stored,
        scores: edit.scores ?? stored.scores,
        overallTenths: edit.overall_tenths ?? stored.overallTenths,
        feedbackMessage: edit.feedback_message !== undefined ? edit.feedback_message : stored.feedbackMessage,
        editedAt: new Date(edit.at),
      }
    : stored;
  const shared = {
    id: record.id,
    ratee: record.rateeId,
    ratee_name: record.rateeName,
    role_context: record.roleContext,
    is_anonymous: record.isAnonymous,
    feedback_message: record.feedbackMessage,
    category_scores: orderedScores(record.roleContext, record.scores),
    overall_score: fromTenths(record.overallTenths),
    // An anonymous rating's edit shows its day only, like its creation.
    edited_at:
      record.editedAt &&
      (record.isAnonymous && record.raterId !== viewerId ? dayOnly(record.editedAt) : iso(record.editedAt)),
    verified_employee: badgeShown(record, badgeMin),
    reply: shownReply(record.reply),
  };
  if (record.raterId === viewerId) {
    return {
      ...shared,
      rater: record.raterId,
      rater_name: record.raterName,
      created_at: record.createdAt.toISOString(),
      status: record.status,
      dispute: disputeView(record.dispute),
      moderation: moderationView(record.moderation),
      ...(edit ? { edit_held: true } : {}),
      ...(record.returnHeld ? { return_held: true } : {}),
      // Their own badge, waiting for enough of the company's raters to carry it: theirs to know.
      ...(record.verifiedEmployee && !badgeShown(record, badgeMin) ? { verified_pending: true } : {}),
    };
  }
  // The rated party sees the dispute they filed and their reply if moderators hid it; nobody else does.
  const hiddenReply = record.rateeId === viewerId ? hiddenReplyView(record.reply) : null;
  const dispute =
    record.rateeId === viewerId
      ? { dispute: disputeView(record.dispute), ...(hiddenReply && { reply_hidden: hiddenReply }) }
      : {};
  if (record.isAnonymous) {
    return { ...shared, ...dispute, rater_name: ANONYMOUS_NAME, created_at: dayOnly(record.createdAt) };
  }
  return {
    ...shared,
    ...dispute,
    rater: record.raterId,
    rater_name: record.raterName,
    created_at: record.createdAt.toISOString(),
  };
}

/**
 * The rating as moderators see it in their queues: the rater revealed even behind an anonymous
 * rating, exact times, the status, the reply and the dispute.
 */
export function moderatorRatingView(record: RatingRecord, raterCode: string, badgeMin: number) {
  return {
    // As published: an edit waiting for the next day is its author's alone until then.
    ...toRatingView({ ...record, heldEdit: null }, record.raterId, badgeMin),
    rater: record.raterId,
    rater_user_code: raterCode,
    status: record.status,
    dispute: disputeView(record.dispute),
  };
}
