// A path the app does not know (issue 47): "Page not found" with the ways on, in the reader's
// language, instead of sending a visitor to sign-in. The server answers such paths 404 as well.
import { Trans, useLingui } from '@lingui/react/macro';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  const { user } = useSession();
  return (
    <StatusScreen
      icon={SearchX}
      iconClassName="text-muted-foreground"
      title={<Trans>Page not found</Trans>}
      actions={
        <>
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
        </>
      }
    >
      <Trans>There is no page at this address. It may have moved, or the link may have a typo.</Trans>
    </StatusScreen>
  );
}
