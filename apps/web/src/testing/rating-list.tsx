// A list of ratings from the real API, each as the app's card with the actions under test: the
// smallest screen on which a feature's actions can be used end to end in a component test.
import { useQuery } from '@tanstack/react-query';
import type { Rating } from '@workspace/contracts';
import type { ReactNode } from 'react';
import { RatingCard } from '@/components/ratings/rating-card';
import { api } from '@/lib/api-client';

export function RatingList({ path, actions }: { path: string; actions: (rating: Rating) => ReactNode }) {
  const list = useQuery({
    queryKey: ['test-list', path],
    queryFn: () => api.get<{ results: Rating[] }>(path),
  });
  if (!list.data) return <p>Loading list</p>;
  if (list.data.results.length === 0) return <p>Empty list</p>;
  return (
    <ul>
      {list.data.results.map((rating) => (
        <li key={rating.id}>
          <RatingCard rating={rating} title={rating.rater_name} actions={actions(rating)} />
        </li>
      ))}
    </ul>
  );
}
