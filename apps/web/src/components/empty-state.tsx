// What a list or a page shows when it has nothing yet: an icon, one line, and what to do about it.
// One look for every such place, which each page used to draw by hand.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FOCUS_FALLBACK } from '@/lib/use-kept-focus';

export function EmptyState({
  icon: Icon,
  title,
  hint,
  tone = 'muted',
  focusFallback = false,
}: {
  icon: LucideIcon;
  title: ReactNode;
  hint?: ReactNode;
  /** 'done': nothing is left to do (a moderator's empty queue), shown in the success colour. */
  tone?: 'muted' | 'done';
  /** Takes the focus of a list item that left, once none is left (lib/use-kept-focus). */
  focusFallback?: boolean;
}) {
  return (
    <div
      {...(focusFallback ? FOCUS_FALLBACK : {})}
      className="grid justify-items-center gap-2 rounded-xl border border-dashed bg-card px-4 py-12 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <Icon
        aria-hidden
        className={cn('size-8', tone === 'done' ? 'text-success' : 'text-muted-foreground')}
      />
      <p className="font-medium">{title}</p>
      {hint && <p className="text-muted-foreground text-sm">{hint}</p>}
    </div>
  );
}
