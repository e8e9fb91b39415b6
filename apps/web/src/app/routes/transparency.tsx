import { useLingui } from '@lingui/react/macro';
import { TransparencyReportPage } from '@/features/transparency/components/transparency-report';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function TransparencyRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Transparency report`);
  return <TransparencyReportPage />;
}
