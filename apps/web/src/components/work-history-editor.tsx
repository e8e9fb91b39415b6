// Work history entries (registration and profile edit). Entries missing a part are dropped when the
// form is sent (see completeWorkEntries); complete ones are checked with the shared contracts rule.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS, MSG, type WorkEntry, workEntry } from '@workspace/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { translateApiMessage } from '@/lib/api-messages';

const PARTS = [
  { key: 'company', label: msg`Company` },
  { key: 'position', label: msg`Position` },
  { key: 'duration', label: msg`Duration`, placeholder: msg`e.g. 2021 - 2024` },
] as const;

const isComplete = (entry: WorkEntry) =>
  Boolean(entry.company.trim() && entry.position.trim() && entry.duration.trim());

/** The entries that will be sent: those with company, position and duration (SPEC §5). */
export function completeWorkEntries(entries: readonly WorkEntry[]): WorkEntry[] {
  return entries.filter(isComplete).map((e) => ({
    company: e.company.trim(),
    position: e.position.trim(),
    duration: e.duration.trim(),
  }));
}

function entryErrors(entry: WorkEntry): Partial<Record<keyof WorkEntry, string>> {
  if (!isComplete(entry)) return {};
  const result = workEntry.safeParse(entry);
  if (result.success) return {};
  const errors: Partial<Record<keyof WorkEntry, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof WorkEntry;
    errors[key] ??= issue.message;
  }
  return errors;
}

export function WorkHistoryEditor({
  value,
  onChange,
  showErrors = false,
  error,
}: {
  value: WorkEntry[];
  onChange: (entries: WorkEntry[]) => void;
  /** Show per-entry problems (usually once the form was submitted). */
  showErrors?: boolean;
  error?: string;
}) {
  const { t } = useLingui();
  const full = value.length >= LIMITS.workHistoryMax;
  const update = (index: number, key: keyof WorkEntry, text: string) =>
    onChange(value.map((entry, i) => (i === index ? { ...entry, [key]: text } : entry)));

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">
        <Trans>Work history</Trans>
      </legend>
      {value.length === 0 && (
        <p className="text-muted-foreground text-sm">
          <Trans>No work experience added yet.</Trans>
        </p>
      )}
      <ol className="grid gap-3">
        {value.map((entry, index) => {
          const errors = showErrors ? entryErrors(entry) : {};
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
              key={index}
              className="grid gap-3 rounded-lg border bg-muted/40 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start"
            >
              {PARTS.map((part) => (
                <Field
                  key={part.key}
                  label={
                    <>
                      {t(part.label)}
                      <span className="sr-only"> {t`(experience ${index + 1})`}</span>
                    </>
                  }
                  error={errors[part.key]}
                >
                  {(control) => (
                    <Input
                      {...control}
                      value={entry[part.key]}
                      placeholder={'placeholder' in part ? t(part.placeholder) : undefined}
                      onChange={(event) => update(index, part.key, event.target.value)}
                    />
                  )}
                </Field>
              ))}
              <Button
                variant="ghost"
                size="icon"
                className="self-end text-destructive"
                aria-label={t`Remove experience ${index + 1}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => onChange([...value, { company: '', position: '', duration: '' }])}
        >
          <Plus aria-hidden />
          <Trans>Add experience</Trans>
        </Button>
        {full && <p className="text-muted-foreground text-sm">{translateApiMessage(MSG.workHistoryMax)}</p>}
      </div>
      <p className="text-muted-foreground text-xs">
        <Trans>Entries without a company, position and duration are not saved.</Trans>
      </p>
      <FieldError message={error} />
    </fieldset>
  );
}
