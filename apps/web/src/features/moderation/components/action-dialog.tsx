// Every moderation action asks for a reason in a dialog first. Success: a toast with the server's
// message; refusal: the server's reason inside the dialog, which stays open.
import { LIMITS, MSG } from '@workspace/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { type ModerationAction, useModerate } from '../api/moderate';

export function ActionDialog({
  action,
  targetId,
  trigger,
  title,
  description,
  confirmLabel,
  destructive = false,
  reasonOptional = false,
}: {
  action: ModerationAction;
  targetId: number;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  reasonOptional?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const moderate = useModerate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text && !reasonOptional) return setProblem(MSG.reasonRequired);
    if (text.length > LIMITS.moderationReasonMax) return setProblem(MSG.tooLong);
    moderate.mutate(
      { action, targetId, reason: text },
      {
        onSuccess: (answer) => {
          toast({ title: answer.message, variant: 'success' });
          setOpen(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setReason('');
          setProblem(undefined);
          moderate.reset();
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {moderate.isError && (
            <Alert variant="destructive">
              <AlertDescription>{getErrorMessage(moderate.error)}</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason{reasonOptional ? ' (optional)' : ''}</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setProblem(undefined);
              }}
              rows={3}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
            />
            <p id={`${id}-hint`} className="text-muted-foreground text-xs">
              Recorded in the audit log with your name.
            </p>
            <FieldError id={`${id}-error`} message={problem} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={moderate.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={moderate.isPending}
            >
              {moderate.isPending ? <Spinner label="Working..." className="text-current" /> : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
