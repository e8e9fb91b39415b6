// On an anonymous rating whose rater the reader sees (its author, or a moderator): everyone else sees
// "Anonymous", so the author does not mistake their name on the card for a public rating.
import { Trans } from '@lingui/react/macro';
import { EyeOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

export function AnonymousToOthersBadge() {
  return (
    <Badge variant="outline">
      <EyeOff aria-hidden />
      <Trans>Anonymous to others</Trans>
    </Badge>
  );
}
