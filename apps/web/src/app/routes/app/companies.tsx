import { useLingui } from '@lingui/react/macro';
import { Directory } from '@/features/directory/components/directory';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function CompaniesRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Companies`);
  return <Directory kind="companies" />;
}
