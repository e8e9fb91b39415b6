// The dialog every "write a few words and send" action uses (appeal, dispute, flag, moderation
// reasons, closing a grievance), with its fields: MessageField (a message and its count) and
// ChoiceField (a reason from a list): a trigger, a title and what happens next, the server's refusal
// above the fields, the fields on react-hook-form checked by the contracts' schema (loaded when the
// dialog opens, lib/lazy-resolver.ts), and Cancel and the action. Opening it starts afresh. When it
// learns on opening that the form cannot be sent (a review already reported), it says why, and OK.
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { DialogActions } from '@/components/dialog-actions';
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
import { Field, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { getProblem } from '@/lib/api-client';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { cn } from '@/lib/cn';

/** What the dialog needs of the mutation it sends (TanStack Query's useMutation result). */
interface Sending {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

export function FormDialog<Values extends FieldValues, Sent extends FieldValues = Values, Answer = unknown>({
  trigger,
  title,
  description,
  checks,
  defaultValues,
  sending,
  onSend,
  onSent,
  actionLabel,
  pendingLabel,
  destructive = false,
  className,
  onOpenChange,
  refusal,
  actionDisabled = false,
  children,
}: {
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The contracts' schema as a resolver, loaded when the dialog opens (lazyResolver). */
  checks: { resolver: Resolver<Values, unknown, Sent>; preload: () => void };
  defaultValues: DefaultValues<Values>;
  sending: Sending;
  /** Sends the checked values (a mutation's mutateAsync); the dialog closes once the server accepted them. */
  onSend: (values: Sent) => Promise<Answer>;
  /** After the dialog closed on success: a toast, a navigation. */
  onSent?: (answer: Answer) => void;
  actionLabel: ReactNode;
  /** What the spinner says while the request runs ("Sending..."). */
  pendingLabel: string;
  destructive?: boolean;
  className?: string;
  onOpenChange?: (open: boolean) => void;
  /** Why it cannot be sent, learnt once it opened: said in place of the description and the fields. */
  refusal?: ReactNode;
  /** The action waits (still learning whether it may be sent), though the fields may be filled in. */
  actionDisabled?: boolean;
  /** The fields, given the form to register them with. */
  children: (form: UseFormReturn<Values, unknown, Sent>) => ReactNode;
}) {
  useApiMessages();
  const [open, setOpen] = useState(false);
  // Checked as they change, so a length problem shows while typing.
  const form = useForm<Values, unknown, Sent>({ resolver: checks.resolver, mode: 'onChange', defaultValues });
  const openChanged = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
    if (next) {
      form.reset(defaultValues);
      sending.reset();
      checks.preload();
    }
  };
  const close = () => openChanged(false);
  const submit = form.handleSubmit(async (values) => {
    let answer: Answer;
    try {
      answer = await onSend(values);
    } catch {
      return; // the refusal is the mutation's error, shown above the fields
    }
    close();
    onSent?.(answer);
  });

  return (
    <Dialog open={open} onOpenChange={openChanged}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={cn('max-h-[calc(100dvh-2rem)] overflow-y-auto', className)}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{refusal ?? description}</DialogDescription>
          </DialogHeader>
          {refusal ? (
            <DialogFooter>
              <Button type="button" onClick={close}>
                <Trans>OK</Trans>
              </Button>
            </DialogFooter>
          ) : (
            <>
              {sending.isError && (
                <Alert variant="destructive">
                  <AlertDescription>{translateApiMessage(getProblem(sending.error))}</AlertDescription>
                </Alert>
              )}
              {children(form)}
              <DialogActions
                label={actionLabel}
                pendingLabel={pendingLabel}
                pending={sending.isPending}
                onCancel={close}
                disabled={actionDisabled}
                destructive={destructive}
              />
            </>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A message box of a form: label, textarea, a hint with the characters used of `max`, and the
 * field's problem (a contract message, shown in the reader's language).
 */
export function MessageField<Values extends FieldValues, Sent extends FieldValues>({
  form,
  name,
  label,
  hint,
  min,
  max,
  rows = 4,
  autoFocus,
}: {
  form: UseFormReturn<Values, unknown, Sent>;
  name: Path<Values>;
  label: ReactNode;
  /** Said before the count ("Only moderators read this."). */
  hint?: ReactNode;
  /** The fewest characters it takes, said beside the count. */
  min?: number;
  max: number;
  rows?: number;
  autoFocus?: boolean;
}) {
  const length = String(form.watch(name) ?? '').trim().length;
  const problem = form.formState.errors[name]?.message;
  return (
    <Field
      label={label}
      error={typeof problem === 'string' ? problem : undefined}
      hint={
        // The count on its own, at the end of the line, so that it does not read as the hint's last word.
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          {hint && <span>{hint}</span>}{' '}
          <span className="ms-auto whitespace-nowrap tabular-nums">
            {min === undefined ? (
              `${length}/${max}`
            ) : (
              <Trans>
                {length}/{max} characters, at least {min}
              </Trans>
            )}
          </span>
        </span>
      }
    >
      {(control) => <Textarea {...control} rows={rows} autoFocus={autoFocus} {...form.register(name)} />}
    </Field>
  );
}

/** One choice of a list (a reason), as radio buttons under a legend, with the field's problem. */
export function ChoiceField<Values extends FieldValues, Sent extends FieldValues, Choice extends string>({
  form,
  name,
  legend,
  choices,
  labelOf,
}: {
  form: UseFormReturn<Values, unknown, Sent>;
  name: Path<Values>;
  legend: string;
  choices: readonly Choice[];
  labelOf: (choice: Choice) => string;
}) {
  const id = useId();
  const problem = form.formState.errors[name]?.message;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <RadioGroup
        value={String(form.watch(name) ?? '')}
        onValueChange={(value) =>
          form.setValue(name, value as PathValue<Values, Path<Values>>, {
            shouldValidate: true,
            shouldDirty: true,
          })
        }
        aria-label={legend}
        aria-invalid={Boolean(problem)}
        className="gap-2"
      >
        {choices.map((choice) => (
          <div key={choice} className="flex items-center gap-3">
            <RadioGroupItem id={`${id}-${choice}`} value={choice} />
            <Label htmlFor={`${id}-${choice}`} className="font-normal">
              {labelOf(choice)}
            </Label>
          </div>
        ))}
      </RadioGroup>
      <FieldError message={typeof problem === 'string' ? problem : undefined} />
    </fieldset>
  );
}
