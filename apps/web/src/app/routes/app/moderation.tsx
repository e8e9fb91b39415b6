import { useLingui } from '@lingui/react/macro';
import { ModerationPage } from '@/features/moderation/components/moderation-page';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ModerationRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Moderation`);
  return <ModerationPage />;
}
