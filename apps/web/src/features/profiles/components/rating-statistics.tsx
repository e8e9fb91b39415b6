// The statistics panel (shown only when the user shows rating details): category averages and the
// distribution of overall scores as simple bars. Every bar has its numbers in text beside it.
import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { LIMITS, RATING_CATEGORIES, type RatingSummary, type RoleContext } from '@workspace/contracts';
import { RatingLabelBadge } from '@/components/ratings/rating-label';
import { Stars } from '@/components/ratings/stars';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { categoryName, useApiMessages } from '@/lib/api-messages';
import { formatScore, isRated } from '@/lib/format';

function Bar({ fraction, className }: { fraction: number; className: string }) {
  return (
    <div aria-hidden className="h-2 w-full overflow-hidden rounded-full bg-muted">
      <div
        className={`h-full rounded-full ${className}`}
        style={{ width: `${Math.round(fraction * 100)}%` }}
      />
    </div>
  );
}

const STARS_DESC = [5, 4, 3, 2, 1];

export function RatingStatistics({
  summary,
  context,
}: {
  summary: RatingSummary;
  /** The context the user is rated in, which fixes the category order. */
  context: RoleContext;
}) {
  const byCategory = summary.ratings_by_category ?? {};
  const total = summary.total_ratings ?? 0;
  const distribution = summary.distribution ?? {};
  const categories = RATING_CATEGORIES[context].filter((category) => byCategory[category]);
  useApiMessages();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Rating Statistics</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {isRated(summary.average_rating) ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="font-bold text-4xl tabular-nums">{formatScore(summary.average_rating)}</p>
            <div className="grid gap-1">
              <Stars value={summary.average_rating} />
              <p className="text-muted-foreground text-sm">
                {plural(total, { one: '# rating', other: '# ratings' })}
              </p>
            </div>
            {total > 0 && (
              <RatingLabelBadge average={summary.average_rating} count={total} className="ml-auto" />
            )}
          </div>
        ) : (
          <p className="font-semibold text-muted-foreground text-xl">
            <Trans>Not rated yet</Trans>
          </p>
        )}

        <section aria-labelledby="stats-categories" className="grid gap-3">
          <h3 id="stats-categories" className="font-medium text-sm">
            <Trans>Category averages</Trans>
          </h3>
          {categories.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              <Trans>No category scores yet.</Trans>
            </p>
          ) : (
            <ul className="grid gap-3">
              {categories.map((category) => {
                const entry = byCategory[category];
                if (!entry) return null;
                return (
                  <li key={category} className="grid gap-1">
                    <div className="flex items-baseline justify-between gap-2 text-sm">
                      <span>{categoryName(category)}</span>
                      <span className="tabular-nums">
                        <span className="font-medium">{formatScore(entry.average)}</span>
                        <span className="text-muted-foreground">
                          /{LIMITS.scoreMax} ({plural(entry.count, { one: '# review', other: '# reviews' })})
                        </span>
                      </span>
                    </div>
                    <Bar fraction={entry.average / LIMITS.scoreMax} className="bg-primary" />
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section aria-labelledby="stats-distribution" className="grid gap-3">
          <h3 id="stats-distribution" className="font-medium text-sm">
            <Trans>Score distribution</Trans>
          </h3>
          <ul className="grid gap-2">
            {STARS_DESC.map((stars) => {
              const count = distribution[String(stars)] ?? 0;
              const share = total > 0 ? count / total : 0;
              return (
                <li key={stars} className="grid grid-cols-[4.5rem_1fr_4.5rem] items-center gap-2 text-sm">
                  <span>{plural(stars, { one: '# star', other: '# stars' })}</span>
                  <Bar fraction={share} className="bg-star" />
                  <span className="text-right text-muted-foreground tabular-nums">
                    {count} ({Math.round(share * 100)}%)
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
