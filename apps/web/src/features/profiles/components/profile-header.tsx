// The top of a user's page: name, role, user code, city, joined date, LinkedIn and the average.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProfileResponse } from '@workspace/contracts';
import { CalendarDays, ExternalLink, Hash, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { RoleBadge } from '@/components/layouts/app-layout';
import { AverageSummary } from '@/components/ratings/average-summary';
import { UserAvatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { formatCity } from '@/lib/cities';
import { formatDate } from '@/lib/format';

export function ProfileHeader({ data, action }: { data: ProfileResponse; action?: ReactNode }) {
  const user = data.user_profile;
  const count = data.rating_summary.total_ratings;
  const { t } = useLingui();
  const joined = formatDate(user.date_joined);
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <UserAvatar name={user.full_name} src={user.avatar} className="size-20 text-2xl" />
        <div className="grid min-w-0 flex-1 gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">{user.full_name}</h1>
            <RoleBadge role={user.user_role} />
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-muted-foreground text-sm">
            <li className="flex items-center gap-1.5">
              <Hash aria-hidden className="size-4" />
              <span className="sr-only">{t`User code`} </span>
              {user.user_code}
            </li>
            <li className="flex items-center gap-1.5">
              <MapPin aria-hidden className="size-4" />
              <span className="sr-only">{t`City`} </span>
              {formatCity(user.city)}
            </li>
            <li className="flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4" />
              <Trans>Joined {joined}</Trans>
            </li>
            {user.linkedin_url && (
              <li>
                <a
                  href={user.linkedin_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-1.5 rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <ExternalLink aria-hidden className="size-4" />
                  <Trans>LinkedIn profile</Trans>
                  <span className="sr-only"> {t`(opens in a new tab)`}</span>
                </a>
              </li>
            )}
          </ul>
          <div className="flex flex-wrap items-center gap-2">
            <AverageSummary average={data.rating_summary.average_rating} reviews={count} large />
          </div>
        </div>
        {action && <div className="flex shrink-0 flex-wrap gap-2">{action}</div>}
      </div>
    </Card>
  );
}
