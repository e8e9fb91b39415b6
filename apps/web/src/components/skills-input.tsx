// Skills as removable chips (registration and profile edit). A new skill is checked with the shared
// contracts rule on the whole list, so the limits and messages are those of the API.
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS, skillsField } from '@workspace/contracts';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const skillsRule = skillsField();

/** The message that adding `candidate` to `skills` would break, if any. */
function skillProblem(skills: readonly string[], candidate: string): string | undefined {
  const result = skillsRule.safeParse([...skills, candidate]);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function SkillsInput({
  value,
  onChange,
  error,
  label,
}: {
  value: string[];
  onChange: (skills: string[]) => void;
  error?: string;
  label?: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();

  const add = () => {
    const candidate = draft.trim();
    if (!candidate) return;
    const message = skillProblem(value, candidate);
    setProblem(message);
    if (message) return;
    onChange([...value, candidate]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault(); // Enter adds the skill instead of submitting the form
      add();
    }
  };

  const shown = problem ?? error;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label ?? t`Skills`}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
          placeholder={t`e.g. React`}
          aria-invalid={Boolean(shown)}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        />
        <Button variant="outline" onClick={add}>
          <Plus aria-hidden />
          <Trans>Add</Trans>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        <Trans>
          {value.length}/{LIMITS.skillsMax} skills, each up to {LIMITS.skillMax} characters. Press Enter to
          add.
        </Trans>
      </p>
      <FieldError id={`${id}-error`} message={shown} />
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {value.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-2 text-sm">
                {skill}
                <button
                  type="button"
                  aria-label={t`Remove ${skill}`}
                  onClick={() => {
                    onChange(value.filter((s) => s !== skill));
                    setProblem(undefined);
                  }}
                  className="rounded-sm p-0.5 outline-none hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
