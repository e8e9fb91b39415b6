import { Directory } from '@/features/directory/components/directory';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function CompaniesRoute() {
  useDocumentTitle('Companies');
  return <Directory kind="companies" />;
}
