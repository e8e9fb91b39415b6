// The neutral notice on a profile whose recent ratings the automatic check flagged for unusual
// activity (DESIGN §8.2): it says that moderators are looking, accuses nobody, and links to the rule.
import { Trans } from '@lingui/react/macro';
import { Info } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';

export function UnusualActivityNotice() {
  return (
    <Alert>
      <Info aria-hidden />
      <AlertTitle>
        <Trans>Recent ratings are being reviewed</Trans>
      </AlertTitle>
      <AlertDescription>
        <Trans>
          This profile received an unusual number of ratings in a short time, so our moderators are checking
          them. They stay visible meanwhile.{' '}
          <TextLink to={paths.howRatingsWork.getHref()}>How we check</TextLink>
        </Trans>
      </AlertDescription>
    </Alert>
  );
}
