import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A centred card for the sign-in, registration and password screens. */
export function AuthLayout({
  title,
  description,
  footer,
  wide = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('mx-auto w-full py-4 sm:py-8', wide ? 'max-w-2xl' : 'max-w-md')}>
      <Card>
        <CardHeader className="text-center">
          <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer && (
          <CardFooter className="justify-center border-t pt-5 text-muted-foreground text-sm">
            {footer}
          </CardFooter>
        )}
      </Card>
    </div>
  );
}
