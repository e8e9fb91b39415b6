import { LegalDocument } from '@/features/privacy/components/legal-document';

export default function PrivacyRoute() {
  return <LegalDocument kind="privacy" />;
}
