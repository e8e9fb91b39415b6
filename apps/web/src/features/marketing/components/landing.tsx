// The landing page's bands (SPEC §2): hero, six features, statistics, How It Works, call to action.

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TransparencyReport } from '@workspace/contracts';
import { ArrowRight, Briefcase, Building2, ShieldCheck, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatNumber, formatScore } from '@/lib/format';
import { HOW_IT_WORKS, LANDING_FEATURES, LIVE_STATS } from '../content';
import { FeatureGrid, SectionHeading } from './feature-grid';

const SAMPLE_SCORES = [
  [msg`Work Environment`, 5],
  [msg`Career Growth`, 4],
  [msg`Work-Life Balance`, 4],
  [msg`Compensation`, 3],
] as const;

function SampleReview() {
  const { t } = useLingui();
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-sm">
      <div className="-inset-4 absolute rotate-3 rounded-2xl bg-primary/10" />
      <div className="relative grid gap-4 rounded-2xl border bg-card p-6 shadow-xl">
        <div className="flex items-center justify-between">
          <div>
            <p className="font-semibold">
              <Trans>Anonymous</Trans>
            </p>
            <p className="text-muted-foreground text-sm">
              <Trans>Company Rating</Trans>
            </p>
          </div>
          <span className="flex items-center gap-1 rounded-md bg-success/10 px-2 py-1 font-semibold text-success text-sm">
            <Star className="size-4 fill-current" /> {formatScore(4)}
          </span>
        </div>
        <ul className="grid gap-2 text-sm">
          {SAMPLE_SCORES.map(([label, score]) => (
            <li key={label.id} className="grid grid-cols-[1fr_auto] items-center gap-3">
              <span>{t(label)}</span>
              <span className="font-medium tabular-nums">{score}/5</span>
              <span className="col-span-2 h-2 overflow-hidden rounded-full bg-muted">
                <span className="block h-full rounded-full bg-primary" style={{ width: `${score * 20}%` }} />
              </span>
            </li>
          ))}
        </ul>
        <p className="rounded-lg bg-muted p-3 text-muted-foreground text-sm">
          <Trans>"Supportive managers and real learning. Pay could be better."</Trans>
        </p>
      </div>
    </div>
  );
}

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="overflow-hidden border-b bg-gradient-to-b from-primary/5 to-background"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-2">
        <div className="grid gap-6">
          <p className="flex w-fit items-center gap-2 rounded-full border bg-card px-3 py-1 text-muted-foreground text-sm">
            <ShieldCheck aria-hidden className="size-4 text-primary" />
            <Trans>Trusted, transparent, unbiased</Trans>
          </p>
          <h1 id="hero-title" className="font-bold text-4xl tracking-tight sm:text-5xl">
            <Trans>
              Honest ratings for India's <span className="text-primary">workplaces</span> and professionals
            </Trans>
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            <Trans>
              Employees rate the companies they work for. Employers rate the people they hire. Everyone builds
              a reputation from real working relationships, with anonymity when it matters.
            </Trans>
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.register.getHref()}>
                <Briefcase aria-hidden />
                <Trans>Join as Employee</Trans>
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.register.getHref()} state={{ role: 'employer' }}>
                <Building2 aria-hidden />
                <Trans>Join as Employer</Trans>
              </Link>
            </Button>
          </div>
        </div>
        <SampleReview />
      </div>
    </section>
  );
}

export function Features() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <SectionHeading
        id="features-title"
        title={t`Everything you need to rate fairly`}
        lead={t`Built for India's job market: honest feedback in both directions, protected from abuse.`}
      />
      <FeatureGrid features={LANDING_FEATURES} />
    </section>
  );
}

/** Live totals; until they arrive the band keeps its height with a dash in each place. */
export function Stats({ totals }: { totals: TransparencyReport['totals'] | undefined }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="stats-title" className="bg-primary text-primary-foreground">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14">
        <h2 id="stats-title" className="sr-only">
          <Trans>WorkTrust in numbers</Trans>
        </h2>
        <dl className="grid grid-cols-3 gap-4 text-center sm:gap-8" aria-busy={!totals}>
          {LIVE_STATS.map((stat) => (
            <div key={stat.key} className="grid gap-1">
              <dt className="order-2 text-primary-foreground/85 text-sm">{t(stat.label)}</dt>
              <dd className="order-1 font-bold text-3xl tabular-nums sm:text-4xl">
                {totals ? formatNumber(totals[stat.key]) : '–'}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-center text-primary-foreground/85 text-sm">
          <Trans>
            Counted live.{' '}
            <Link to={paths.transparency.getHref()} className="font-medium text-primary-foreground underline">
              See our transparency report
            </Link>
          </Trans>
        </p>
      </div>
    </section>
  );
}

export function HowItWorks() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <SectionHeading
        id="how-title"
        title={t`How It Works`}
        lead={t`Three steps from sign-up to a reputation.`}
      />
      <ol className="grid gap-8 md:grid-cols-3">
        {HOW_IT_WORKS.map((step, index) => (
          <li key={step.title.id} className="grid content-start justify-items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary font-bold text-lg text-primary-foreground">
              {index + 1}
            </span>
            <h3 className="font-semibold text-xl">{t(step.title)}</h3>
            <p className="max-w-xs text-muted-foreground">{t(step.description)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:pb-20">
      <div className="mx-auto grid max-w-4xl justify-items-center gap-5 rounded-2xl border bg-card px-6 py-12 text-center shadow-sm">
        <h2 id="cta-title" className="font-bold text-3xl tracking-tight">
          <Trans>Ready to build trust at work?</Trans>
        </h2>
        <p className="max-w-xl text-lg text-muted-foreground">
          <Trans>Join the employees and employers who rate honestly and hire with confidence.</Trans>
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.register.getHref()}>
              <Trans>Get Started Free</Trans>
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.about.getHref()}>
              <Trans>Learn More</Trans>
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
