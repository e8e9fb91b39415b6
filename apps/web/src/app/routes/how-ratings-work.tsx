// A public explanation of scores, ranking, anonymity, privacy and moderation. Every number shown is
// computed with the same rules the server uses (contracts), so the page cannot drift from them.
import {
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  overallScore,
  RANKING_PRIOR_MEAN,
  RANKING_PRIOR_WEIGHT,
  RATING_CATEGORIES,
  rankingScore,
  ratingLabel,
} from '@workspace/contracts';
import { EyeOff, Flag, Sigma, Trophy, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

const EXAMPLE_SCORES = [5, 4, 4, 3, 5, 4];
const fmt = (n: number) => n.toFixed(2).replace(/0$/, '');

function Topic({ icon: Icon, title, children }: { icon: typeof Sigma; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden className="size-5" />
        </span>
        <CardTitle className="text-xl">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-muted-foreground leading-relaxed [&_strong]:text-foreground">
        {children}
      </CardContent>
    </Card>
  );
}

export default function HowRatingsWorkRoute() {
  useDocumentTitle('How Ratings Work');
  const example = overallScore(EXAMPLE_SCORES);
  const single = rankingScore(5, 1);
  const many = rankingScore(4.6, 200);
  return (
    <div className="mx-auto grid max-w-3xl gap-8">
      <header className="text-center">
        <h1 className="font-bold text-4xl tracking-tight">How ratings work</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          What a score means, how profiles are ranked, what stays anonymous and how reviews are protected.
        </p>
      </header>

      <Topic icon={Sigma} title="The overall score">
        <p>
          Every rating scores up to six categories from 1 to 5 stars. Employees rate companies on{' '}
          {RATING_CATEGORIES.EMPLOYEE_TO_COMPANY.join(', ')}. Employers rate employees on{' '}
          {RATING_CATEGORIES.EMPLOYER_TO_EMPLOYEE.join(', ')}. Only the categories you rate count.
        </p>
        <p>
          A rating's <strong>overall score is the mean of its category scores, rounded to one decimal</strong>{' '}
          (halves round up). For example, scores of {EXAMPLE_SCORES.join(', ')} give {example.toFixed(1)}.
        </p>
        <p>
          A profile's average is the mean of the overall scores of its published ratings, to one decimal. An
          average of 4.5 or more reads "{ratingLabel(4.5)}", 3.5 or more "{ratingLabel(3.5)}", 2.5 or more "
          {ratingLabel(2.5)}", and anything lower "{ratingLabel(2)}".
        </p>
      </Topic>

      <Topic icon={Trophy} title="How the 'top' ranking works">
        <p>
          Lists are sorted by a <strong>Bayesian average</strong> unless you choose another order. Each
          profile is treated as if it already had {RANKING_PRIOR_WEIGHT} ratings of {RANKING_PRIOR_MEAN}, and
          its real ratings are added to those.
        </p>
        <p>
          So a single 5-star review ranks at {fmt(single)}, while two hundred reviews averaging 4.6 rank at{' '}
          {fmt(many)}. <strong>One lucky review cannot outrank many consistently good ones</strong>, and the
          more ratings a profile has, the closer its rank gets to its real average.
        </p>
      </Topic>

      <Topic icon={UserX} title="Anonymity">
        <p>
          You may rate anonymously. Others then see the rater as <strong>"Anonymous"</strong> and only the{' '}
          <strong>date</strong> of the rating, never the time, your name, your profile or anything that links
          the review to you. You still see your own anonymous ratings under My Ratings, and our moderators can
          see who wrote a review only to act on reports of abuse.
        </p>
        <p>You can rate each person or company once, so nobody can flood a profile with reviews.</p>
      </Topic>

      <Topic icon={EyeOff} title="Private rating details">
        <p>
          Each user chooses whether to show their rating details. With details shown, others see category
          averages, the number of reviews and the individual reviews. With{' '}
          <strong>show rating details</strong> turned off, others see only the average; you always see all of
          your own ratings.
        </p>
      </Topic>

      <Topic icon={Flag} title="Flagging and moderation">
        <p>Anyone signed in can flag a review that is not their own, once, for one of these reasons:</p>
        <ul className="list-disc pl-6">
          {FLAG_REASONS.map((reason) => (
            <li key={reason}>{FLAG_REASON_LABELS[reason]}</li>
          ))}
        </ul>
        <p>
          Our moderators review flagged ratings. A hidden rating leaves every public list and every average at
          once; its author sees it marked as removed. Accounts that abuse the platform can be suspended, and
          every moderation action is recorded in an audit log.
        </p>
      </Topic>

      <p className="text-center text-muted-foreground">
        Ready to rate? <TextLink to={paths.register.getHref()}>Create an account</TextLink> or{' '}
        <TextLink to={paths.login.getHref()}>sign in</TextLink>.
      </p>
    </div>
  );
}
