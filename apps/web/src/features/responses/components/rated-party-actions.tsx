// What the rated company or person can do under a review of themselves (DESIGN §8.1): reply once
// (then edit or remove the reply; once moderators hid it, remove it or appeal) and dispute the rating
// once. Writing the reply opens the box in
// place of the buttons.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Rating } from '@workspace/contracts';
import { Gavel, MessageSquareReply, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { raterName } from '@/components/ratings/labels';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getProblem } from '@/lib/api-client';
import { useRemoveReply } from '../api/responses';
import { DisputeDialog } from './dispute-dialog';
import { ReplyForm } from './reply-form';

function RemoveReply({ rating, hidden = false }: { rating: Rating; hidden?: boolean }) {
  const { t } = useLingui();
  const remove = useRemoveReply();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-muted-foreground">
          <Trash2 aria-hidden />
          <Trans>Remove reply</Trans>
        </Button>
      }
      title={<Trans>Remove your reply?</Trans>}
      description={
        hidden ? (
          <Trans>The reply moderators hid is deleted. You can then write a new one.</Trans>
        ) : (
          <Trans>It leaves this review at once. You can write a new one later.</Trans>
        )
      }
      confirmLabel={<Trans>Remove reply</Trans>}
      pending={remove.isPending}
      problem={remove.isError ? getProblem(remove.error) : undefined}
      onReset={remove.reset}
      onConfirm={(done) =>
        remove.mutate(rating.id, {
          onSuccess: () => {
            toast({ title: t`Your reply was removed`, variant: 'success' });
            done();
          },
        })
      }
    />
  );
}

export function RatedPartyActions({ rating, children }: { rating: Rating; children?: ReactNode }) {
  const { t } = useLingui();
  const [writing, setWriting] = useState(false);
  const author = raterName(rating);
  if (writing) return <ReplyForm rating={rating} onDone={() => setWriting(false)} />;
  return (
    <>
      {rating.reply_hidden ? (
        // Moderators hid it: it can no longer be edited; removed, a new one may be written, and the
        // grievance form is where a decision is appealed.
        <>
          <RemoveReply rating={rating} hidden />
          <Button asChild variant="ghost" size="sm" className="text-muted-foreground">
            <Link to={paths.grievance.getHref()}>
              <Gavel aria-hidden />
              <Trans>Appeal through the grievance form</Trans>
            </Link>
          </Button>
        </>
      ) : rating.reply ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground"
            onClick={() => setWriting(true)}
          >
            <Pencil aria-hidden />
            <Trans>Edit reply</Trans>
          </Button>
          <RemoveReply rating={rating} />
        </>
      ) : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setWriting(true)}
          // The whole name in one sentence, so that each language orders it (Hindi puts the verb last).
          aria-label={t`Reply to the review by ${author}`}
        >
          <MessageSquareReply aria-hidden />
          <Trans>Reply</Trans>
        </Button>
      )}
      {!rating.dispute && <DisputeDialog rating={rating} />}
      {children}
    </>
  );
}
