import { Trans, useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { isReloadingForNewBuild } from '@/lib/new-build';

/** The global error screen (SPEC §8): shown when rendering fails anywhere. */
export function MainErrorFallback() {
  const { t } = useLingui();
  // A chunk of an older build failed and the page is already reloading (lib/new-build.ts).
  if (isReloadingForNewBuild()) return null;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <TriangleAlert aria-hidden className="size-10 text-destructive" />
      <h1 className="font-semibold text-2xl">{t`Something went wrong`}</h1>
      <p className="max-w-md text-muted-foreground">{t`We're sorry, but something unexpected happened. Please try refreshing the page.`}</p>
      <Button onClick={() => window.location.reload()}>
        <Trans>Refresh Page</Trans>
      </Button>
    </main>
  );
}

/** Catches render errors outside the router (providers); the router has its own errorElement. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <MainErrorFallback /> : this.props.children;
  }
}
