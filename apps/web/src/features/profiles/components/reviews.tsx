// The reviews on a user's page: the newest from the profile answer, then more, page by page, on request.
// Actions on each review (flagging) come from the route, which owns that feature.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProfileResponse, Rating } from '@workspace/contracts';
import { Lock, MessageSquare } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { showingText } from '@/components/list-paging';
import { AnonymousToOthersBadge } from '@/components/ratings/anonymous-to-others';
import { raterName } from '@/components/ratings/labels';
import { RatingCard } from '@/components/ratings/rating-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { KEPT_FOCUS_ITEM, KEPT_FOCUS_RING, useKeptFocus } from '@/lib/use-kept-focus';
import { useMoreUserRatings } from '../api/get-user-ratings';

export function Reviews({
  data,
  userId,
  detailsHidden,
  verifiedOnly = false,
  renderActions,
}: {
  data: ProfileResponse;
  userId: string;
  detailsHidden: boolean;
  /** The list holds only verified employees' ratings, and so do the pages asked for next. */
  verifiedOnly?: boolean;
  renderActions?: (rating: Rating) => ReactNode;
}) {
  const { t } = useLingui();
  const [wantMore, setWantMore] = useState(false);
  const more = useMoreUserRatings(userId, wantMore, verifiedOnly);
  const extra = more.data?.pages.flatMap((page) => page.results) ?? [];
  const seen = new Set(data.all_ratings.map((r) => r.id));
  const ratings = [...data.all_ratings, ...extra.filter((r) => !seen.has(r.id))];
  const total = data.rating_summary.total_ratings ?? ratings.length;
  const canLoadMore = wantMore ? more.hasNextPage : total > data.all_ratings.length;
  // Said of a company as a company, of an employee as a person ("this user" read oddly on either).
  const company = data.user_profile.user_role === 'employer';
  // A reply published or a dispute filed replaces the button that had the focus: keep it on the card.
  const keeper = useKeptFocus<HTMLElement>();

  return (
    <section {...keeper} aria-labelledby="reviews-heading" className="grid gap-4 outline-none">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="font-semibold text-xl">
          <Trans>Reviews</Trans>
        </h2>
        {data.rating_summary.total_ratings !== null && (
          <p className="text-muted-foreground text-sm">
            {ratings.length < total
              ? showingText(ratings.length, total)
              : plural(total, { one: '# review', other: '# reviews' })}
          </p>
        )}
      </div>
      {ratings.length === 0 ? (
        detailsHidden ? (
          <EmptyState
            icon={Lock}
            title={
              company ? (
                <Trans>This company keeps its rating details private</Trans>
              ) : (
                <Trans>This person keeps their rating details private</Trans>
              )
            }
            hint={<Trans>Their average rating is public; individual reviews are not shown.</Trans>}
          />
        ) : (
          <EmptyState
            icon={MessageSquare}
            title={<Trans>No reviews yet</Trans>}
            hint={
              company ? (
                <Trans>Reviews will appear here once someone rates this company.</Trans>
              ) : (
                <Trans>Reviews will appear here once someone rates this person.</Trans>
              )
            }
          />
        )
      ) : (
        <ul className="grid gap-4">
          {ratings.map((rating) => (
            <li key={rating.id} {...KEPT_FOCUS_ITEM} className={KEPT_FOCUS_RING}>
              <RatingCard
                rating={rating}
                title={
                  rating.rater !== undefined && !rating.is_anonymous ? (
                    <Link to={paths.user.getHref(rating.rater)} className="hover:underline">
                      {rating.rater_name}
                    </Link>
                  ) : (
                    raterName(rating)
                  )
                }
                badges={
                  rating.is_anonymous && rating.rater !== undefined ? <AnonymousToOthersBadge /> : undefined
                }
                actions={renderActions?.(rating)}
              />
            </li>
          ))}
        </ul>
      )}
      {more.isFetching && <Spinner label={t`Loading more reviews...`} />}
      {canLoadMore && !more.isFetching && (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => (wantMore ? more.fetchNextPage() : setWantMore(true))}
        >
          <Trans>Show more reviews</Trans>
        </Button>
      )}
    </section>
  );
}
