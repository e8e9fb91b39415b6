// One company or employee in the list; the whole card follows the name's link to their profile.
import { Trans, useLingui } from '@lingui/react/macro';
import type { DirectoryItem } from '@workspace/contracts';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { AverageSummary } from '@/components/ratings/average-summary';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { formatCity } from '@/lib/cities';

const SKILLS_SHOWN = 3;

export function DirectoryCard({ item }: { item: DirectoryItem }) {
  const skills = item.skills ?? [];
  const hiddenSkills = skills.length - SKILLS_SHOWN;
  const { t } = useLingui();
  const name = item.full_name;
  const reviews = item.total_ratings_received;
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md">
      <div className="flex items-start gap-3">
        <UserAvatar name={item.full_name} src={item.avatar} className="size-12" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="font-semibold leading-tight">
            <Link
              to={paths.user.getHref(item.id)}
              className="outline-none after:absolute after:inset-0 after:rounded-xl hover:underline"
            >
              {item.full_name}
            </Link>
          </h2>
          <p className="flex items-center gap-1 text-muted-foreground text-sm">
            <MapPin aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{formatCity(item.city)}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <AverageSummary average={item.rating_received} reviews={reviews} />
        {/* Whether the reader has rated them: a bare "Not Rated" beside "4.1 (113 reviews)" read as if
            nobody had (issue 47). Beside the average, not the name, which a phone then broke mid-word. */}
        <Badge variant={item.user_has_rated ? 'success' : 'outline'} className="ml-auto">
          {item.user_has_rated ? t`Rated by you` : t`Not rated by you`}
        </Badge>
      </div>
      {skills.length > 0 && (
        <ul aria-label={t`Skills of ${name}`} className="mt-auto flex flex-wrap gap-1.5">
          {skills.slice(0, SKILLS_SHOWN).map((skill) => (
            <li key={skill}>
              <Badge variant="secondary">{skill}</Badge>
            </li>
          ))}
          {hiddenSkills > 0 && (
            <li>
              <Badge variant="outline">
                <Trans>+{hiddenSkills} more</Trans>
              </Badge>
            </li>
          )}
        </ul>
      )}
    </article>
  );
}
