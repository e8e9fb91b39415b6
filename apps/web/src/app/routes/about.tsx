import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, Scale, ShieldCheck, Target } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { ABOUT_FEATURES, OFFERINGS } from '@/features/marketing/about-content';
import { FeatureGrid, SectionHeading } from '@/features/marketing/components/feature-grid';
import { useDocumentTitle } from '@/lib/use-document-title';

const VALUES: { icon: typeof Eye; title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    icon: ShieldCheck,
    title: msg`Trusted`,
    text: msg`Ratings come only from signed-in users, one per working relationship, and can be verified by a work email.`,
  },
  {
    icon: Eye,
    title: msg`Transparent`,
    text: msg`Scores are simple averages, the way we rank is public, and so are our moderation figures.`,
  },
  {
    icon: Scale,
    title: msg`Unbiased`,
    text: msg`Flagging, automatic checks and moderation remove fake, abusive and conflicted reviews; both sides are heard.`,
  },
];

export default function AboutRoute() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`About Us`);
  return (
    <div className="grid gap-16">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="font-bold text-4xl tracking-tight sm:text-5xl">
          <Trans>About WorkTrust</Trans>
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          <Trans>
            A review portal for India's job market, where employees rate companies and employers rate
            employees, so that good workplaces and good professionals are easy to find.
          </Trans>
        </p>
      </header>

      <section aria-label={t`Mission and vision`} className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Target aria-hidden className="size-5" />
            </span>
            <CardTitle className="text-2xl">
              <Trans>Our Mission</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent className="text-muted-foreground">
            <Trans>
              To give every employee and employer in India a fair, safe way to share their experience of
              working together, and to make those experiences useful to the next person deciding where to work
              or whom to hire.
            </Trans>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Eye aria-hidden className="size-5" />
            </span>
            <CardTitle className="text-2xl">
              <Trans>Our Vision</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 text-muted-foreground">
            <p>
              <Trans>
                A job market where reputation is earned in the open: trusted, transparent and unbiased.
              </Trans>
            </p>
            <ul className="grid gap-3">
              {VALUES.map(({ icon: Icon, title, text }) => (
                <li key={title.id} className="flex gap-3">
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                  <span>
                    <strong className="text-foreground">{i18n._(title)}.</strong> {i18n._(text)}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="offer-title">
        <SectionHeading id="offer-title" title={t`What We Offer`} />
        <ul className="grid gap-4 sm:grid-cols-2">
          {OFFERINGS.map(({ icon: Icon, title, description }) => (
            <li key={title.id} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="grid gap-1">
                <h3 className="font-semibold text-lg">{i18n._(title)}</h3>
                <span className="text-muted-foreground">{i18n._(description)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-features-title">
        <SectionHeading id="about-features-title" title={t`Platform Features`} />
        <FeatureGrid features={ABOUT_FEATURES} />
      </section>

      <section
        aria-labelledby="about-cta-title"
        className="grid justify-items-center gap-4 rounded-2xl border bg-card px-6 py-10 text-center shadow-sm"
      >
        <h2 id="about-cta-title" className="font-bold text-2xl">
          <Trans>Join the community</Trans>
        </h2>
        <p className="max-w-xl text-muted-foreground">
          <Trans>
            Create an account to start rating, or sign in if you already have one. Curious who builds
            WorkTrust? Meet our team.
          </Trans>
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.register.getHref()}>
              <Trans>Get Started</Trans>
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.login.getHref()}>
              <Trans>Sign In</Trans>
            </Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to={paths.contributors.getHref()}>
              <Trans>Meet Our Team</Trans>
            </Link>
          </Button>
        </div>
        <p className="text-muted-foreground text-sm">
          <Trans>
            How are scores calculated?{' '}
            <TextLink to={paths.howRatingsWork.getHref()}>Read how ratings work</TextLink>.
          </Trans>
        </p>
      </section>
    </div>
  );
}
