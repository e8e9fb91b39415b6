import { Directory } from '@/features/directory/components/directory';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function EmployeesRoute() {
  useDocumentTitle('Employees');
  return <Directory kind="employees" />;
}
