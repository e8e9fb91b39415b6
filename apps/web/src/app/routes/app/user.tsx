// Another user's page: the profile (profiles) with the rating form (ratings) and the Flag action on
// every review the viewer did not write (flags).
import { useParams } from 'react-router';
import { PageSpinner } from '@/components/route-guard';
import { FlagRatingButton } from '@/features/flags/components/flag-rating-button';
import { UserProfile } from '@/features/profiles/components/user-profile';
import { RateUserPanel } from '@/features/ratings/components/rate-user-panel';
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
      renderReviewActions={(rating) =>
        rating.rater === user.id ? null : (
          <FlagRatingButton ratingId={rating.id} authorName={rating.rater_name} />
        )
      }
    />
  );
}
