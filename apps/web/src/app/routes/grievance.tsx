import { GrievancePage } from '@/features/privacy/components/grievance-page';

export default function GrievanceRoute() {
  return <GrievancePage />;
}
