import type { RouteHandle } from '@/app/router';
import { CallToAction, Features, Hero, HowItWorks, Stats } from '@/features/marketing/components/landing';
import { useDocumentTitle } from '@/lib/use-document-title';

export const handle: RouteHandle = { wide: true };

export default function LandingRoute() {
  useDocumentTitle('');
  return (
    <>
      <Hero />
      <Features />
      <Stats />
      <HowItWorks />
      <CallToAction />
    </>
  );
}
