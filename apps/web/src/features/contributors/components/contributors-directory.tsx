// The team grid (SPEC §2 /contributors): 5 a page, numbered pages with Previous/Next, the
// "Page X of Y, Showing N of M contributors" line, and a smooth scroll back to the grid on a page change.
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAGE_SIZES } from '@workspace/contracts';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import type { Contributor } from '../content/contributors';
import { ContributorImage } from './contributor-image';

function pageText(page: number, pageCount: number, shown: number, total: number) {
  return t`Page ${page} of ${pageCount}, Showing ${shown} of ${total} contributors`;
}

// Names shown as written; designation, bio and skills in the active language (content/).
function ContributorCard({ contributor }: { contributor: Contributor }) {
  const { t } = useLingui();
  const name = contributor.name;
  return (
    <Card className="h-full items-center gap-4 px-6 text-center">
      <ContributorImage src={contributor.image} name={contributor.name} />
      <div className="grid gap-1">
        <h3 className="font-semibold text-lg">{contributor.name}</h3>
        <p className="font-medium text-primary text-sm">{t(contributor.designation)}</p>
      </div>
      <CardContent className="grid gap-4 px-0">
        <p className="text-muted-foreground text-sm">{t(contributor.bio)}</p>
        <ul aria-label={t`Skills of ${name}`} className="flex flex-wrap justify-center gap-2">
          {contributor.skills.map((skill) => (
            <li key={skill.id}>
              <Badge variant="secondary">{t(skill)}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function ContributorsDirectory({
  contributors,
  pageSize = PAGE_SIZES.contributors,
}: {
  contributors: Contributor[];
  pageSize?: number;
}) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const gridRef = useRef<HTMLElement>(null);
  const pageCount = Math.max(1, Math.ceil(contributors.length / pageSize));
  const shown = contributors.slice((page - 1) * pageSize, page * pageSize);

  const scrollPending = useRef(false);

  // Scrolls once the new page is rendered: swapping the cards while a smooth scroll runs would let
  // the browser's scroll anchoring cancel it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each page change on purpose
  useEffect(() => {
    if (!scrollPending.current) return;
    scrollPending.current = false;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    gridRef.current?.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [page]);

  const goTo = (next: number) => {
    scrollPending.current = true;
    setPage(Math.min(Math.max(next, 1), pageCount));
  };

  return (
    <section ref={gridRef} aria-labelledby="team-title" className="grid scroll-mt-24 gap-6">
      <h2 id="team-title" className="font-bold text-2xl tracking-tight">
        <Trans>Meet the team</Trans>
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((contributor) => (
          <li key={contributor.name}>
            <ContributorCard contributor={contributor} />
          </li>
        ))}
      </ul>
      <div className="grid gap-3">
        <p aria-live="polite" className="text-center text-muted-foreground text-sm">
          {pageText(page, pageCount, shown.length, contributors.length)}
        </p>
        <Pagination page={page} pageCount={pageCount} onPageChange={goTo} label={t`Contributors pages`} />
      </div>
    </section>
  );
}

export function ContributorStats({ contributors }: { contributors: Contributor[] }) {
  const { t } = useLingui();
  const skills = new Set(contributors.flatMap((c) => c.skills.map((skill) => skill.id)));
  const stats = [
    { value: String(contributors.length), label: t`Team Members` },
    { value: String(new Set(contributors.map((c) => c.designation.id)).size), label: t`Roles` },
    { value: String(skills.size), label: t`Skills` },
    { value: '24/7', label: t`Support` },
  ];
  return (
    <section
      aria-labelledby="team-stats-title"
      className="rounded-2xl bg-primary px-6 py-10 text-primary-foreground"
    >
      <h2 id="team-stats-title" className="mb-6 text-center font-bold text-2xl">
        <Trans>The team in numbers</Trans>
      </h2>
      <dl className="grid grid-cols-2 gap-6 text-center md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="grid gap-1">
            <dt className="order-2 text-primary-foreground/85 text-sm">{stat.label}</dt>
            <dd className="order-1 font-bold text-3xl tabular-nums">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
