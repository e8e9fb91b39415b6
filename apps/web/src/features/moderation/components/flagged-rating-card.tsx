// One flagged rating in the queue: the rating with its rater revealed, its flags (reason, details,
// reporter, status) and the actions: hide or restore, dismiss a flag, suspend or reinstate the rater.
import { FLAG_REASON_LABELS, type FlaggedRating } from '@workspace/contracts';
import { Ban, Eye, EyeOff, UserCheck, X } from 'lucide-react';
import { Link } from 'react-router';
import { CONTEXT_LABELS } from '@/components/ratings/labels';
import { RatingCard } from '@/components/ratings/rating-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime, plural } from '@/lib/format';
import { ActionDialog } from './action-dialog';

const FLAG_STATUS = {
  open: { label: 'Open', variant: 'warning' },
  dismissed: { label: 'Dismissed', variant: 'secondary' },
  actioned: { label: 'Actioned', variant: 'success' },
} as const;

export function FlaggedRatingCard({ item }: { item: FlaggedRating }) {
  const { rating, flags } = item;
  const hidden = rating.status === 'hidden';
  return (
    <RatingCard
      rating={rating}
      headingLevel="h2"
      title={
        <>
          <Link to={paths.user.getHref(rating.rater)} className="hover:underline">
            {rating.rater_name}
          </Link>
          <span className="font-normal text-muted-foreground"> rated </span>
          <Link to={paths.user.getHref(rating.ratee)} className="hover:underline">
            {rating.ratee_name}
          </Link>
        </>
      }
      badges={
        <>
          <Badge variant={hidden ? 'destructive' : 'success'}>{hidden ? 'Hidden' : 'Published'}</Badge>
          <Badge variant="secondary">{CONTEXT_LABELS[rating.role_context]}</Badge>
          {rating.is_anonymous && <Badge variant="outline">Anonymous to others</Badge>}
          <Badge variant="warning">
            {plural(item.flag_count, 'flag')}, {item.open_flag_count} open
          </Badge>
        </>
      }
      actions={
        <div className="grid w-full min-w-0 gap-4">
          <div className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm">
            <p className="font-medium">Rater</p>
            <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-muted-foreground">
              <span>{rating.rater_name}</span>
              <span>{rating.rater_user_code}</span>
              <span className="min-w-0 wrap-anywhere">{rating.rater_email}</span>
              <span>written {formatDateTime(rating.created_at)}</span>
            </p>
          </div>
          <section aria-label={`Flags on rating ${rating.id}`} className="grid gap-2">
            <h3 className="font-medium text-sm">Flags</h3>
            <ul className="grid gap-2">
              {flags.map((flag) => (
                <li
                  key={flag.id}
                  className="grid gap-2 rounded-lg border p-3 text-sm sm:grid-cols-[1fr_auto]"
                >
                  <div className="grid gap-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{FLAG_REASON_LABELS[flag.reason]}</span>
                      <Badge variant={FLAG_STATUS[flag.status].variant}>
                        {FLAG_STATUS[flag.status].label}
                      </Badge>
                    </p>
                    {flag.details && <p className="whitespace-pre-line break-words">{flag.details}</p>}
                    <p className="text-muted-foreground">
                      By {flag.reporter_name} · {formatDateTime(flag.created_at)}
                    </p>
                  </div>
                  {flag.status === 'open' && (
                    <ActionDialog
                      action="dismiss"
                      targetId={flag.id}
                      reasonOptional
                      title="Dismiss this flag"
                      description="The rating stays as it is; the flag is closed."
                      confirmLabel="Dismiss Flag"
                      trigger={
                        <Button variant="outline" size="sm" className="self-start">
                          <X aria-hidden />
                          Dismiss
                          <span className="sr-only"> flag by {flag.reporter_name}</span>
                        </Button>
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          </section>
          <div className="flex flex-wrap justify-end gap-2">
            {hidden ? (
              <ActionDialog
                action="restore"
                targetId={rating.id}
                title="Restore this rating"
                description="It returns to the profile and counts in the average again."
                confirmLabel="Restore Rating"
                trigger={
                  <Button variant="outline" size="sm">
                    <Eye aria-hidden />
                    Restore rating
                  </Button>
                }
              />
            ) : (
              <ActionDialog
                action="hide"
                targetId={rating.id}
                destructive
                title="Hide this rating"
                description="It leaves the profile and every average; its author sees it marked as removed. Open flags are closed as actioned."
                confirmLabel="Hide Rating"
                trigger={
                  <Button variant="destructive" size="sm">
                    <EyeOff aria-hidden />
                    Hide rating
                  </Button>
                }
              />
            )}
            <ActionDialog
              action="suspend"
              targetId={rating.rater}
              destructive
              title={`Suspend ${rating.rater_name}`}
              description="They are signed out at once, cannot sign in, and every rating they gave is hidden until they are reinstated."
              confirmLabel="Suspend User"
              trigger={
                <Button variant="outline" size="sm" className="text-destructive">
                  <Ban aria-hidden />
                  Suspend rater
                </Button>
              }
            />
            <ActionDialog
              action="reinstate"
              targetId={rating.rater}
              title={`Reinstate ${rating.rater_name}`}
              description="They can sign in again, and the ratings their suspension hid are published again."
              confirmLabel="Reinstate User"
              trigger={
                <Button variant="outline" size="sm">
                  <UserCheck aria-hidden />
                  Reinstate rater
                </Button>
              }
            />
          </div>
        </div>
      }
    />
  );
}
