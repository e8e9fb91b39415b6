import { useLingui } from '@lingui/react/macro';
import { PageSpinner } from '@/components/route-guard';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { ModerationWork } from '@/features/moderation/components/moderation-work';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function DashboardRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Dashboard`);
  const { user } = useSession();
  // Signed in, but the profile has not arrived (a failure other than 401 keeps the session).
  if (!user) return <PageSpinner />;
  return (
    <Dashboard user={user} moderatorWork={user.user_role === 'moderator' ? <ModerationWork /> : undefined} />
  );
}
