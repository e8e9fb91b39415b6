// A moderator's dashboard: what waits for a decision in each queue, each a link to it. The queues'
// own first pages are asked for (and then shown at once when the moderator opens one).
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDecisionQueue } from '../api/decisions';
import { useFlagQueue } from '../api/get-flags';
import { useGrievanceQueue } from '../api/grievances';
import { MODERATION_TABS, type ModerationTab } from './tabs';

export function ModerationWork() {
  const { t, i18n } = useLingui();
  const flags = useFlagQueue('open', 1);
  const disputes = useDecisionQueue('disputes', 'open', 1);
  const appeals = useDecisionQueue('appeals', 'open', 1);
  const grievances = useGrievanceQueue('open');
  const queues: { tab: ModerationTab; count: number | undefined; failed: boolean }[] = [
    { tab: 'open', count: flags.data?.total_count, failed: flags.isError },
    { tab: 'disputes', count: disputes.data?.total_count, failed: disputes.isError },
    { tab: 'appeals', count: appeals.data?.total_count, failed: appeals.isError },
    { tab: 'grievances', count: grievances.data?.results.length, failed: grievances.isError },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Waiting for a decision</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>What is open in each queue.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={t`Moderation queues`} className="grid grid-cols-2 gap-2 lg:grid-cols-4">
          {queues.map(({ tab, count, failed }) => (
            <li key={tab}>
              <Link
                to={tab === 'open' ? paths.moderation.getHref() : `${paths.moderation.getHref()}?tab=${tab}`}
                className="flex items-center justify-between gap-3 rounded-lg border p-3 outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <span className="grid gap-0.5">
                  <span className="text-muted-foreground text-sm">{i18n._(MODERATION_TABS[tab])}</span>
                  {count !== undefined ? (
                    <span className="font-bold text-2xl tabular-nums">{count}</span>
                  ) : failed ? (
                    <span className="font-bold text-2xl">–</span>
                  ) : (
                    <Skeleton className="h-8 w-10" />
                  )}
                </span>
                <ArrowRight aria-hidden className="size-4 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
