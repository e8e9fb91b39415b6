// A screen that stands in for a page: an icon, a heading, a sentence and the ways on. Access Denied
// and Page not found share it, so they look alike.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function StatusScreen({
  icon: Icon,
  iconClassName,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  iconClassName?: string;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <Icon aria-hidden className={cn('size-12', iconClassName)} />
      <h1 className="font-semibold text-2xl">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      <div className="flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  );
}
