// The rated party's reply box under a review of themselves: write it once, then edit it. The
// contract's limit is counted as they type; the server's refusal shows under the box.
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS, MSG, type Rating } from '@workspace/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getProblem } from '@/lib/api-client';
import { useSaveReply } from '../api/responses';

export function ReplyForm({ rating, onDone }: { rating: Rating; onDone: () => void }) {
  const { t } = useLingui();
  const [message, setMessage] = useState(rating.reply?.message ?? '');
  const [checked, setChecked] = useState(false);
  const save = useSaveReply();
  const length = message.trim().length;
  const localProblem = length === 0 ? MSG.replyRequired : length > LIMITS.replyMax ? MSG.replyMax : undefined;
  const problem =
    (checked || length > LIMITS.replyMax ? localProblem : undefined) ??
    (save.isError ? getProblem(save.error) : undefined);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (localProblem) return;
    save.mutate(
      { ratingId: rating.id, message: message.trim(), exists: rating.reply !== null },
      {
        onSuccess: () => {
          toast({ title: t`Your reply is published`, variant: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid w-full gap-3">
      <Field
        label={rating.reply ? <Trans>Edit your reply</Trans> : <Trans>Your public reply</Trans>}
        error={problem}
        hint={
          <Trans>
            Shown under this review to everyone who can see it, as your reply. {length}/{LIMITS.replyMax}
          </Trans>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={message}
            autoFocus
            onChange={(event) => {
              setMessage(event.target.value);
              save.reset();
            }}
          />
        )}
      </Field>
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
