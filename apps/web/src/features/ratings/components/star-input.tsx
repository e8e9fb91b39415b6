// One category's score as a real radio group named after the category, with options "1 star" to
// "5 stars" (DESIGN §7). Radix gives the roving focus: arrows move and select, Tab leaves the group.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LIMITS } from '@workspace/contracts';
import { Star } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useId, useState } from 'react';
import { categoryName, useApiMessages } from '@/lib/api-messages';
import { cn } from '@/lib/cn';

const SCORES = Array.from({ length: LIMITS.scoreMax - LIMITS.scoreMin + 1 }, (_, i) => LIMITS.scoreMin + i);

const scoreName = (score: number) => plural(score, { one: '# star', other: '# stars' });

export function StarInput({
  category,
  value,
  onChange,
  onClear,
  disabled,
}: {
  category: string;
  value: number | undefined;
  onChange: (score: number) => void;
  onClear: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  const { t } = useLingui();
  useApiMessages();
  const name = categoryName(category);
  const [hover, setHover] = useState<number>();
  const shown = hover ?? value ?? 0;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
      <span id={`${id}-label`} className="font-medium text-sm">
        {name}
      </span>
      <div className="flex flex-wrap items-center gap-x-2">
        <RadioGroupPrimitive.Root
          aria-labelledby={`${id}-label`}
          value={value === undefined ? '' : String(value)}
          onValueChange={(next) => onChange(Number(next))}
          orientation="horizontal"
          disabled={disabled}
          className="flex"
          onPointerLeave={() => setHover(undefined)}
        >
          {SCORES.map((score) => (
            <RadioGroupPrimitive.Item
              key={score}
              value={String(score)}
              aria-label={scoreName(score)}
              // A mouse's preview only: a touch that opened the form over the stars left one painted.
              onPointerEnter={(event) => event.pointerType === 'mouse' && setHover(score)}
              className="rounded-md p-1 outline-none transition-transform hover:scale-110 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50"
            >
              <Star
                aria-hidden
                className={cn(
                  'size-7 sm:size-6',
                  score <= shown ? 'fill-star text-star' : 'text-muted-foreground/50',
                )}
              />
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroupPrimitive.Root>
        <span className="min-w-16 whitespace-nowrap text-muted-foreground text-sm tabular-nums" aria-hidden>
          {value === undefined ? t`Not rated` : `${value}/${LIMITS.scoreMax}`}
        </span>
        <button
          type="button"
          onClick={onClear}
          disabled={value === undefined || disabled}
          aria-label={t`Clear ${name}`}
          className="rounded-sm px-1 text-muted-foreground text-xs underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:invisible"
        >
          {t`Clear`}
        </button>
      </div>
    </div>
  );
}
