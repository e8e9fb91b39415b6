// How many of a company's ratings come from verified employees, and the switch that shows those alone
// (DESIGN §9.4). The API sends the counts only past the badge's minimum (ADR 0018), so below it this
// shows nothing; the switch keeps its state in the address (?verified=true), so it can be shared.
import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ProfileResponse } from '@workspace/contracts';
import { BadgeCheck } from 'lucide-react';
import { useId } from 'react';
import { Switch } from '@/components/ui/switch';

export function VerifiedRatings({
  counts,
  verifiedOnly,
  onChange,
}: {
  counts: NonNullable<ProfileResponse['verified_ratings']>;
  verifiedOnly: boolean;
  onChange: (verifiedOnly: boolean) => void;
}) {
  const switchId = useId();
  const { count, total } = counts;
  return (
    <section
      aria-labelledby={`${switchId}-count`}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3"
    >
      <p id={`${switchId}-count`} className="flex items-center gap-2 text-sm">
        <BadgeCheck aria-hidden className="size-5 shrink-0 text-success" />
        {plural(total, {
          one: `${count} of # rating from verified employees`,
          other: `${count} of # ratings from verified employees`,
        })}
      </p>
      <div className="flex items-center gap-2">
        <Switch id={switchId} checked={verifiedOnly} onCheckedChange={onChange} />
        <label htmlFor={switchId} className="font-medium text-sm">
          <Trans>Verified only</Trans>
        </label>
      </div>
    </section>
  );
}
