import type { RouteHandle } from '@/app/route-handle';
import { CallToAction, Features, Hero, HowItWorks, Stats } from '@/features/marketing/components/landing';
import { useTransparency } from '@/features/transparency/api/get-transparency';
import { useDocumentTitle } from '@/lib/use-document-title';

/** @public Read by the router through the lazy import of this module. */
export const handle: RouteHandle = { wide: true };

export default function LandingRoute() {
  useDocumentTitle('');
  const report = useTransparency();
  return (
    <>
      <Hero />
      <Features />
      <Stats totals={report.data?.totals} />
      <HowItWorks />
      <CallToAction />
    </>
  );
}
