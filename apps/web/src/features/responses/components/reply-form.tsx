// The rated party's reply box under a review of themselves: write it once, then edit it. The
// contract's schema checks it as they type (react-hook-form, the count beside the box); the server's
// refusal shows above the box.
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS, type Rating, type ReplyRequest } from '@workspace/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { MessageField } from '@/components/form-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getProblem } from '@/lib/api-client';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSaveReply } from '../api/responses';

// The contracts' replyRequest, through zod, loaded when the box opens.
const checks = lazyResolver(() => import('../checks/responses').then((module) => module.replyChecks));

export function ReplyForm({ rating, onDone }: { rating: Rating; onDone: () => void }) {
  const { t } = useLingui();
  useApiMessages();
  const save = useSaveReply();
  const form = useForm<ReplyRequest>({
    resolver: checks.resolver,
    mode: 'onChange',
    defaultValues: { message: rating.reply?.message ?? '' },
  });
  useEffect(() => checks.preload(), []);

  const submit = form.handleSubmit(({ message }) =>
    save.mutate(
      { ratingId: rating.id, message, exists: rating.reply !== null },
      {
        onSuccess: () => {
          toast({ title: t`Your reply is published`, variant: 'success' });
          onDone();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid w-full gap-3">
      {save.isError && (
        <Alert variant="destructive">
          <AlertDescription>{translateApiMessage(getProblem(save.error))}</AlertDescription>
        </Alert>
      )}
      <MessageField
        form={form}
        name="message"
        label={rating.reply ? <Trans>Edit your reply</Trans> : <Trans>Your public reply</Trans>}
        hint={
          // A reply is public: a guess at an anonymous author's name there would undo their choice.
          rating.is_anonymous ? (
            <Trans>
              Shown under this review to everyone who can see it, as your reply. Its author chose to stay
              anonymous: do not name or guess who wrote it.
            </Trans>
          ) : (
            <Trans>Shown under this review to everyone who can see it, as your reply.</Trans>
          )
        }
        max={LIMITS.replyMax}
        autoFocus
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={save.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? (
            <Spinner label={t`Saving...`} className="text-current" />
          ) : rating.reply ? (
            <Trans>Save reply</Trans>
          ) : (
            <Trans>Publish reply</Trans>
          )}
        </Button>
      </div>
    </form>
  );
}
