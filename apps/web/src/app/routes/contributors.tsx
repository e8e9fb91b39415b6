import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import {
  ContributorStats,
  ContributorsDirectory,
} from '@/features/contributors/components/contributors-directory';
import { CONTRIBUTORS } from '@/features/contributors/content/contributors';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ContributorsRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Contributors`);
  const count = CONTRIBUTORS.length;
  return (
    <div className="grid gap-12">
      <header className="grid gap-4">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to={paths.about.getHref()}>
            <ArrowLeft aria-hidden />
            <Trans>Back to About</Trans>
          </Link>
        </Button>
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="font-bold text-4xl tracking-tight sm:text-5xl">
            <Trans>Our Contributors</Trans>
          </h1>
          <p className="mt-4 text-lg text-muted-foreground">
            <Trans>The {count} people who design, build and look after WorkTrust.</Trans>
          </p>
        </div>
      </header>
      <ContributorsDirectory contributors={CONTRIBUTORS} />
      <ContributorStats contributors={CONTRIBUTORS} />
    </div>
  );
}
