// A rating as every moderation queue shows it: "rater rated ratee" with the rater revealed, its
// status, context and anonymity, the rater's details, and the queue's own part (flags, a dispute,
// an appeal) with its actions. A reply on it can be hidden from here, with a reason.
import { Trans, useLingui } from '@lingui/react/macro';
import type { FlaggedRating, ModerationDispute, RatingStatus } from '@workspace/contracts';
import { MessageSquareOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AnonymousToOthersBadge } from '@/components/ratings/anonymous-to-others';
import { CONTEXT_LABELS, personName } from '@/components/ratings/labels';
import { RatingCard } from '@/components/ratings/rating-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { ActionDialog } from './action-dialog';

type ModeratedRating = ModerationDispute['rating'] &
  Partial<Pick<FlaggedRating['rating'], 'rater_email' | 'rater_status' | 'leave_held'>>;

const STATUS_VARIANT = {
  published: 'success',
  hidden: 'destructive',
  disputed: 'warning',
  held: 'secondary',
} as const satisfies Record<RatingStatus, string>;

function StatusBadge({ rating }: { rating: ModeratedRating }) {
  const { t } = useLingui();
  // Hidden by its author's suspension and coming back with the next release, as a held one does.
  const status = rating.return_held ? 'held' : rating.status;
  const label = {
    published: t`Published`,
    hidden: t`Hidden`,
    disputed: t`Held back while disputed`,
    // An anonymous rating waiting for the next day's release (ADR 0030).
    held: t`Published tomorrow`,
  }[status];
  return (
    <>
      <Badge variant={STATUS_VARIANT[status]}>{label}</Badge>
      {/* Its author suspended, or their account deleted with its ratings: still shown to everyone, it
          leaves with the next release (ADR 0030). */}
      {rating.leave_held && status === 'published' && (
        <Badge variant="secondary">
          {rating.leave_held === 'deleted' ? t`Deleted tomorrow` : t`Hidden tomorrow`}
        </Badge>
      )}
    </>
  );
}

function HideReplyAction({ rating }: { rating: ModeratedRating }) {
  const name = rating.ratee_name;
  return (
    <ActionDialog
      action="hideReply"
      targetId={rating.id}
      destructive
      title={<Trans>Hide the reply from {name}</Trans>}
      description={
        <Trans>
          The reply leaves every view of the rating but its author's, who is told why. The rating itself stays
          as it is.
        </Trans>
      }
      confirmLabel={<Trans>Hide reply</Trans>}
      trigger={
        <Button variant="outline" size="sm">
          <MessageSquareOff aria-hidden />
          <Trans>Hide reply</Trans>
        </Button>
      }
    />
  );
}

export function ModeratedRatingCard({
  rating,
  badges,
  children,
  actions,
}: {
  rating: ModeratedRating;
  badges?: ReactNode;
  /** The queue's own part: flags, the dispute, the appeal. */
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { i18n } = useLingui();
  const written = formatDateTime(rating.created_at);
  return (
    <RatingCard
      // The hiding and its appeal are shown by the queue in the moderators' words, not as the
      // author's own notice ("Your appeal…").
      rating={{ ...rating, moderation: null }}
      headingLevel="h2"
      title={
        <Trans>
          <Link to={paths.user.getHref(rating.rater)} className="hover:underline">
            {personName(rating.rater_name)}
          </Link>
          <span className="font-normal text-muted-foreground"> rated </span>
          <Link to={paths.user.getHref(rating.ratee)} className="hover:underline">
            {rating.ratee_name}
          </Link>
        </Trans>
      }
      badges={
        <>
          <StatusBadge rating={rating} />
          <Badge variant="secondary">{i18n._(CONTEXT_LABELS[rating.role_context])}</Badge>
          {rating.is_anonymous && <AnonymousToOthersBadge />}
          {badges}
        </>
      }
      actions={
        <div className="grid w-full min-w-0 gap-4">
          <div className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm">
            <p className="font-medium">
              <Trans>Rater</Trans>
            </p>
            <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-muted-foreground">
              <span>{personName(rating.rater_name)}</span>
              <span>{rating.rater_user_code}</span>
              {/* A deleted account's placeholder has an address nobody reads: nothing to show. */}
              {rating.rater_email && rating.rater_status !== 'deleted' && (
                <span className="min-w-0 wrap-anywhere">{rating.rater_email}</span>
              )}
              <span>
                <Trans>written {written}</Trans>
              </span>
            </p>
          </div>
          {children}
          <div className="flex flex-wrap justify-end gap-2">
            {rating.reply && <HideReplyAction rating={rating} />}
            {actions}
          </div>
        </div>
      }
    />
  );
}
