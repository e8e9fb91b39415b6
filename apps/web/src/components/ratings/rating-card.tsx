// One rating as a card: who (given by the caller: rater or ratee), date, badges, overall score,
// category scores, feedback, and what answers it (DESIGN §8.1): the rated party's reply, the
// dispute as its two parties see it, for its author why moderators hid it and their appeal, and for
// the rated party why moderators hid their reply.
// Used by the profile reviews, my ratings and the moderation queues.
import { Trans, useLingui } from '@lingui/react/macro';
import { disputeHoldsRating, type Rating } from '@workspace/contracts';
import { BadgeCheck, EyeOff, MessageSquareReply, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDate, formatScore } from '@/lib/format';
import { CategoryScores } from './category-scores';
import { Stars } from './stars';

function Notice({
  icon,
  tone,
  children,
}: {
  icon: ReactNode;
  tone: 'muted' | 'warning';
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex gap-2 rounded-lg border p-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
        tone === 'warning' ? 'border-warning/30 bg-warning/5' : 'bg-muted/50',
      )}
    >
      {icon}
      <div className="grid min-w-0 gap-1">{children}</div>
    </div>
  );
}

/** The dispute as the rated party and the author see it. */
function DisputeNotice({ rating }: { rating: Rating }) {
  const dispute = rating.dispute;
  if (!dispute) return null;
  const due = formatDate(dispute.due_at);
  const heldBack = disputeHoldsRating(rating.role_context);
  return (
    <Notice icon={<Scale aria-hidden />} tone={dispute.status === 'open' ? 'warning' : 'muted'}>
      {dispute.status === 'open' ? (
        <p>
          <span className="font-medium">
            <Trans>Disputed.</Trans>
          </span>{' '}
          {heldBack ? (
            <Trans>Moderators decide by {due}; until then the rating is not shown on the profile.</Trans>
          ) : (
            <Trans>Moderators decide by {due}; until then the rating stays on the profile.</Trans>
          )}
        </p>
      ) : (
        <p>
          <span className="font-medium">
            {dispute.outcome === 'UPHELD' ? (
              dispute.restored ? (
                <Trans>Dispute upheld, then the rating was published again by moderators.</Trans>
              ) : (
                <Trans>Dispute upheld: the rating is hidden.</Trans>
              )
            ) : (
              <Trans>Dispute rejected: the rating stays published.</Trans>
            )}
          </span>
        </p>
      )}
      {/* Named for the decision it explains: after a rating is published again, the reason shown is
          still the upholding's, not the later one's (which its author was told on its own). */}
      {dispute.reason && (
        <p className="whitespace-pre-line wrap-anywhere text-muted-foreground">
          {dispute.outcome === 'UPHELD' && dispute.restored ? (
            <Trans>Moderators' reason for upholding the dispute: {dispute.reason}</Trans>
          ) : (
            <Trans>Moderators' reason: {dispute.reason}</Trans>
          )}
        </p>
      )}
    </Notice>
  );
}

/**
 * Why moderators hid the author's own rating, and their appeal. A rating hidden by an upheld
 * dispute has that reason on the dispute's notice already.
 */
function ModerationNotice({
  moderation,
  dispute,
}: {
  moderation: NonNullable<Rating['moderation']>;
  dispute: Rating['dispute'];
}) {
  const at = formatDate(moderation.at);
  const reason = moderation.reason !== dispute?.reason ? moderation.reason : null;
  const appeal = moderation.appeal;
  return (
    <Notice icon={<EyeOff aria-hidden />} tone="warning">
      <p className="font-medium">
        <Trans>Hidden by moderators on {at}</Trans>
      </p>
      {reason && (
        <p className="whitespace-pre-line wrap-anywhere">
          <Trans>Reason: {reason}</Trans>
        </p>
      )}
      {appeal?.status === 'open' && (
        <p className="text-muted-foreground">
          <Trans>Your appeal is with the moderators.</Trans>
        </p>
      )}
      {appeal?.status === 'rejected' && (
        <>
          <p className="text-muted-foreground">
            {appeal.reason ? (
              <Trans>Your appeal was rejected: {appeal.reason}</Trans>
            ) : (
              <Trans>Your appeal was rejected.</Trans>
            )}
          </p>
          {/* The moderators' last word; the Grievance Officer (IT Rules 2021) is the way on from it. */}
          <p>
            <TextLink to={paths.grievance.getHref()}>
              <Trans>Still think it is wrong? Write to the Grievance Officer</Trans>
            </TextLink>
          </p>
        </>
      )}
    </Notice>
  );
}

function ReplyBlock({ rating }: { rating: Rating }) {
  const reply = rating.reply;
  if (!reply) return null;
  const name = rating.ratee_name;
  const edited = reply.updated_at !== reply.created_at;
  return (
    <section className="grid gap-1 border-primary/40 border-l-2 pl-3 text-sm">
      <h4 className="flex flex-wrap items-center gap-x-2 font-medium">
        <MessageSquareReply aria-hidden className="size-4 text-primary" />
        <Trans>Reply from {name}</Trans>
        <span className="font-normal text-muted-foreground text-xs">
          <time dateTime={reply.updated_at}>{formatDate(reply.updated_at)}</time>
          {edited && (
            <>
              {' · '}
              <Trans>Edited</Trans>
            </>
          )}
        </span>
      </h4>
      <p className="whitespace-pre-line wrap-anywhere leading-relaxed">{reply.message}</p>
    </section>
  );
}

/** To the rated party alone: their reply that moderators hid, with the reason; no one else sees it. */
function HiddenReplyNotice({ reply }: { reply: NonNullable<Rating['reply_hidden']> }) {
  const at = formatDate(reply.hidden_at);
  const reason = reply.reason;
  return (
    <Notice icon={<EyeOff aria-hidden />} tone="warning">
      <p className="font-medium">
        <Trans>Your reply was hidden by moderators on {at}</Trans>
      </p>
      <p className="whitespace-pre-line wrap-anywhere">
        <Trans>Reason: {reason}</Trans>
      </p>
      <p className="text-muted-foreground">
        <Trans>Only you see it now:</Trans>
      </p>
      <p className="whitespace-pre-line wrap-anywhere border-l-2 pl-3 text-muted-foreground">
        {reply.message}
      </p>
    </Notice>
  );
}

export function RatingCard({
  rating,
  title,
  badges,
  actions,
  className,
  headingLevel: Heading = 'h3',
}: {
  rating: Rating;
  /** The person the card is about from the reader's side (rater name, or ratee link). */
  title: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  className?: string;
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  const { t } = useLingui();
  const score = formatScore(rating.overall_score);
  return (
    <article className={cn('grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5', className)}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <Heading className="font-semibold leading-tight">{title}</Heading>
          <p className="text-muted-foreground text-sm">
            <time dateTime={rating.created_at}>{formatDate(rating.created_at)}</time>
            {rating.edited_at && (
              <>
                {' · '}
                <span title={formatDate(rating.edited_at)}>
                  <Trans>Edited</Trans>
                </span>
              </>
            )}
          </p>
          {(badges || rating.verified_employee) && (
            <div className="flex flex-wrap gap-1.5 pt-1">
              {rating.verified_employee && (
                <Badge
                  variant="success"
                  title={t`The author proved with a work email that they work or worked here`}
                >
                  <BadgeCheck aria-hidden />
                  <Trans>Verified employee</Trans>
                </Badge>
              )}
              {badges}
            </div>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Stars value={rating.overall_score} label={null} />
          <span className="font-semibold tabular-nums">
            <span aria-hidden>{score}</span>
            {/* One sentence, so that each language orders it (Hindi says "out of 5" before the score). */}
            <span className="sr-only">{t`Overall ${score} out of 5`}</span>
          </span>
        </div>
      </header>
      <CategoryScores scores={rating.category_scores} />
      {rating.feedback_message ? (
        <p className="whitespace-pre-line wrap-anywhere text-sm leading-relaxed">{rating.feedback_message}</p>
      ) : (
        <p className="text-muted-foreground text-sm italic">
          <Trans>No written feedback provided</Trans>
        </p>
      )}
      {rating.moderation && <ModerationNotice moderation={rating.moderation} dispute={rating.dispute} />}
      <DisputeNotice rating={rating} />
      <ReplyBlock rating={rating} />
      {rating.reply_hidden && <HiddenReplyNotice reply={rating.reply_hidden} />}
      {actions && <footer className="-my-1 flex flex-wrap justify-end gap-2">{actions}</footer>}
    </article>
  );
}
