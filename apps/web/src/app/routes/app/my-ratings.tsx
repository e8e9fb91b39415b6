// My ratings (my-ratings) with, on ratings received, the rated party's reply and dispute (responses)
// and Flag (flags); on ratings given, the author's edit, withdrawal and appeal (ratings); and the
// disputes one filed (responses).
import { useLingui } from '@lingui/react/macro';
import { raterName } from '@/components/ratings/labels';
import { FlagRatingButton } from '@/features/flags/components/flag-rating-button';
import { MyRatings } from '@/features/my-ratings/components/my-ratings';
import { AuthorActions } from '@/features/ratings/components/author-actions';
import { MyDisputes } from '@/features/responses/components/my-disputes';
import { RatedPartyActions } from '@/features/responses/components/rated-party-actions';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function MyRatingsRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`My Ratings`);
  return (
    <MyRatings
      renderReceivedActions={(rating) => (
        <RatedPartyActions rating={rating}>
          <FlagRatingButton ratingId={rating.id} authorName={raterName(rating)} />
        </RatedPartyActions>
      )}
      renderGivenActions={(rating) => <AuthorActions rating={rating} />}
      renderDisputes={(page, onPageChange) => <MyDisputes page={page} onPageChange={onPageChange} />}
    />
  );
}
