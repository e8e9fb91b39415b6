import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** A contributor's picture; a missing or broken image falls back to a person icon (SPEC §2). */
export function ContributorImage({
  src,
  name,
  className,
}: {
  src: string;
  name: string;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const frame = cn('size-24 shrink-0 overflow-hidden rounded-full border-4 border-card shadow-md', className);
  if (broken) {
    return (
      <div
        role="img"
        aria-label={name}
        className={cn(frame, 'flex items-center justify-center bg-secondary')}
      >
        <UserRound
          aria-hidden
          data-testid="contributor-fallback-icon"
          className="size-12 text-secondary-foreground"
        />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      width={96}
      height={96}
      loading="lazy"
      onError={() => setBroken(true)}
      className={cn(frame, 'object-cover')}
    />
  );
}
