// A user's page: the profile (profiles) with the rating form (ratings), and on each review what the
// viewer may do: its author edits or withdraws it (ratings); on one's own page the rated party
// replies and disputes (responses); anyone else flags it (flags).
import { useParams } from 'react-router';
import { raterName } from '@/components/ratings/labels';
import { PageSpinner } from '@/components/route-guard';
import { FlagRatingButton } from '@/features/flags/components/flag-rating-button';
import { UserProfile } from '@/features/profiles/components/user-profile';
import { AuthorActions } from '@/features/ratings/components/author-actions';
import { RateUserPanel } from '@/features/ratings/components/rate-user-panel';
import { RatedPartyActions } from '@/features/responses/components/rated-party-actions';
import { useSession } from '@/lib/session';

export default function UserRoute() {
  const { userId = '' } = useParams();
  const { user } = useSession();
  if (!user) return <PageSpinner />;
  return (
    <UserProfile
      userId={userId}
      viewer={user}
      renderRatingForm={({ data, close }) => (
        <RateUserPanel rater={user} ratee={data.user_profile} onClose={close} />
      )}
      renderReviewActions={(rating) => {
        if (rating.rater === user.id) return <AuthorActions rating={rating} />;
        const flag = <FlagRatingButton ratingId={rating.id} authorName={raterName(rating)} />;
        return rating.ratee === user.id ? (
          <RatedPartyActions rating={rating}>{flag}</RatedPartyActions>
        ) : (
          flag
        );
      }}
    />
  );
}
