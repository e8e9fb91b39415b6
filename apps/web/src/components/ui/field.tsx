// A labelled form field: label, control, optional hint and the field's own error beside it. The
// control is passed as a render function so it receives the ids that tie the three together.
import { type ReactNode, useId } from 'react';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { cn } from '@/lib/cn';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  useApiMessages();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div data-slot="field" className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** `message`: a contract or API message (English), shown in the active language. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  useApiMessages();
  if (!message) return null;
  return (
    <p id={id} data-slot="field-error" className="text-destructive text-sm">
      {translateApiMessage(message)}
    </p>
  );
}
