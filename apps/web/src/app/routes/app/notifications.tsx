// Notifications (notifications): what happened to one's ratings, disputes, appeals and grievances.
import { useLingui } from '@lingui/react/macro';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotificationsRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Notifications`);
  return <NotificationsPage />;
}
