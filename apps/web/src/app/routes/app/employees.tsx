import { useLingui } from '@lingui/react/macro';
import { Directory } from '@/features/directory/components/directory';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function EmployeesRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Employees`);
  return <Directory kind="employees" />;
}
