import { useLingui } from '@lingui/react/macro';
import { PageSpinner } from '@/components/route-guard';
import { AccountPage } from '@/features/account/components/account-page';
import { NotificationSettingsCard } from '@/features/notifications/components/notification-settings-card';
import { YourDataAndPrivacy } from '@/features/privacy/components/your-data';
import { EmailDomainCard } from '@/features/verified/components/email-domain-card';
import { WorkEmailCard } from '@/features/verified/components/work-email-card';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ProfileRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`My Profile`);
  const { user } = useSession();
  if (!user) return <PageSpinner />;
  return (
    <AccountPage user={user}>
      {user.user_role === 'employee' && <WorkEmailCard />}
      {user.user_role === 'employer' && <EmailDomainCard user={user} />}
      <NotificationSettingsCard userRole={user.user_role} />
      <YourDataAndPrivacy user={user} />
    </AccountPage>
  );
}
