// My ratings (my-ratings) with the Flag action on ratings received (flags).
import { FlagRatingButton } from '@/features/flags/components/flag-rating-button';
import { MyRatings } from '@/features/my-ratings/components/my-ratings';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function MyRatingsRoute() {
  useDocumentTitle('My Ratings');
  return (
    <MyRatings
      renderReceivedActions={(rating) => (
        <FlagRatingButton ratingId={rating.id} authorName={rating.rater_name} />
      )}
    />
  );
}
