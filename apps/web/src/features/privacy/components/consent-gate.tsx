// Asked again (DESIGN §8.3): a signed-in person whose consent is missing or older than the notice in
// force sees what changed in short and must accept before the signed-in screens go on. The API does
// not block them; the web app asks. Signing out is the other way out. Loaded only when consent is due
// (require-consent.tsx), so the signed-in screens of everyone else wait for none of it.
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { translateApiMessage } from '@/lib/api-messages';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptConsent } from '../api/consent';
import { useLegalTexts } from './legal-document';

export default function ConsentGate({ updated }: { updated: boolean }) {
  const { t } = useLingui();
  const { signOut } = useSession();
  const accept = useAcceptConsent();
  const texts = useLegalTexts();
  useDocumentTitle(t`Privacy notice`);
  return (
    <div className="mx-auto max-w-2xl py-6">
      <Card>
        <CardHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <ShieldCheck aria-hidden className="size-5" />
          </span>
          <h1 className="font-semibold text-2xl leading-tight">
            {updated ? t`We have updated our privacy notice` : t`Before you go on`}
          </h1>
          <CardDescription>
            {updated
              ? t`Please read what changed and accept the new version to keep using your account.`
              : t`Please read our privacy notice and terms of use and accept them to use your account.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {texts.data && (
            <ul className="grid list-disc gap-2 pl-6 leading-relaxed">
              {texts.data.summary.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <TextLink to={paths.privacy.getHref()}>
              <Trans>Read the privacy notice</Trans>
            </TextLink>
            <TextLink to={paths.terms.getHref()}>
              <Trans>Read the terms of use</Trans>
            </TextLink>
          </p>
          {accept.isError && (
            <Alert variant="destructive">
              <AlertDescription>{translateApiMessage(getErrorMessage(accept.error))}</AlertDescription>
            </Alert>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={signOut} disabled={accept.isPending}>
            <Trans>Sign Out</Trans>
          </Button>
          <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
            {accept.isPending ? (
              <Spinner label={t`Saving...`} className="text-primary-foreground" />
            ) : (
              <Trans>I agree</Trans>
            )}
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
