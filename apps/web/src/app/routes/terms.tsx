import { LegalDocument } from '@/features/privacy/components/legal-document';

export default function TermsRoute() {
  return <LegalDocument kind="terms" />;
}
