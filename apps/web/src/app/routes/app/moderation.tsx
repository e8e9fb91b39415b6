import { ModerationPage } from '@/features/moderation/components/moderation-page';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ModerationRoute() {
  useDocumentTitle('Moderation');
  return <ModerationPage />;
}
