import { Trans, useLingui } from '@lingui/react/macro';
import { ProfileTester } from '@/features/test-profile/components/profile-tester';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function TestProfileRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Test Profile`);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="font-bold text-3xl tracking-tight">
          <Trans>Profile API Test</Trans>
        </h1>
        <p className="mt-2 text-muted-foreground">
          <Trans>A developer page for trying the profile endpoints.</Trans>
        </p>
      </header>
      <ProfileTester />
    </div>
  );
}
