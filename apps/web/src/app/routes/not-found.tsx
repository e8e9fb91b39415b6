// A path the app does not know (issue 47): "Page not found" with the ways on, in the reader's
// language, instead of sending a visitor to sign-in. The server answers such paths 404 as well.
import { Trans, useLingui } from '@lingui/react/macro';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  const { user } = useSession();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <SearchX aria-hidden className="size-12 text-muted-foreground" />
      <h1 className="font-semibold text-2xl">
        <Trans>Page not found</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>There is no page at this address. It may have moved, or the link may have a typo.</Trans>
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={paths.home.getHref()}>
            <Trans>Go to the home page</Trans>
          </Link>
        </Button>
        {user && (
          <Button asChild variant="outline">
            <Link to={paths.dashboard.getHref()}>
              <Trans>Go to Dashboard</Trans>
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
