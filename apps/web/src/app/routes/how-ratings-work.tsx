// A public explanation of scores, ranking, anonymity, privacy, both sides' say (replies, edits,
// withdrawal, disputes, appeals) and moderation. Every number shown is computed with the same rules
// and limits the server uses (contracts), so the page cannot drift from them.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  COPIED_TEXT,
  DISPUTE_DECISION_DAYS,
  DISPUTE_REASONS,
  EDIT_WINDOW_DAYS,
  LIMITS,
  overallScore,
  PERSON_FLAG_REASONS,
  RANKING_PRIOR_MEAN,
  RANKING_PRIOR_WEIGHT,
  RATING_BANDS,
  RATING_CATEGORIES,
  rankingScore,
  UNUSUAL_ACTIVITY,
  WORK_EMAIL_CODE_LENGTH,
} from '@workspace/contracts';
import { BadgeCheck, EyeOff, Flag, Scale, Sigma, Trophy, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import {
  categoryName,
  disputeReasonLabel,
  flagReasonLabel,
  ratingLabelText,
  useApiMessages,
} from '@/lib/api-messages';
import { formatScore } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';

const EXAMPLE_SCORES = [5, 4, 4, 3, 5, 4];
/** The ranking's example: one perfect review against many good ones. */
const LUCKY = { average: 5, count: 1 };
const STEADY = { average: 4.6, count: 200 };
const fmt = (n: number) => n.toFixed(2).replace(/0$/, '');

function Topic({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Sigma;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden className="size-5" />
        </span>
        <CardTitle as="h2" className="text-xl">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-muted-foreground leading-relaxed [&_strong]:text-foreground">
        {children}
      </CardContent>
    </Card>
  );
}

export default function HowRatingsWorkRoute() {
  const { t } = useLingui();
  useApiMessages();
  useDocumentTitle(t`How Ratings Work`);
  const example = formatScore(overallScore(EXAMPLE_SCORES));
  const examples = EXAMPLE_SCORES.join(', ');
  const single = fmt(rankingScore(LUCKY.average, LUCKY.count));
  const many = fmt(rankingScore(STEADY.average, STEADY.count));
  const luckyStars = LUCKY.average;
  const [steadyCount, steadyAverage] = [STEADY.count, formatScore(STEADY.average)];
  const companyCategories = RATING_CATEGORIES.EMPLOYEE_TO_COMPANY.map(categoryName).join(', ');
  const employeeCategories = RATING_CATEGORIES.EMPLOYER_TO_EMPLOYEE.map(categoryName).join(', ');
  const [excellent, good, fair, low] = RATING_BANDS.map((band) => ratingLabelText(band.min));
  const [excellentMin, goodMin, fairMin] = RATING_BANDS.map((band) => formatScore(band.min));
  const { scoreMin, scoreMax } = LIMITS;
  const categoriesMax = RATING_CATEGORIES.EMPLOYEE_TO_COMPANY.length;
  const codeLength = WORK_EMAIL_CODE_LENGTH;
  const priorWeight = RANKING_PRIOR_WEIGHT;
  const priorMean = RANKING_PRIOR_MEAN;
  const editDays = EDIT_WINDOW_DAYS;
  const disputeDays = DISPUTE_DECISION_DAYS;
  const replyMax = LIMITS.replyMax;
  const { windowHours, baselineDays, freshAccountHours: freshHours } = UNUSUAL_ACTIVITY;
  const { min: volumeMin, factor: volumeFactor } = UNUSUAL_ACTIVITY.volume;
  const { min: freshMin, factor: freshFactor } = UNUSUAL_ACTIVITY.freshAccounts;
  const { minChars: copiedMin, days: copiedDays } = COPIED_TEXT;
  const copiedShare = Math.round(COPIED_TEXT.similarity * 100);
  return (
    <div className="mx-auto grid max-w-3xl gap-8">
      <header className="text-center">
        <h1 className="font-bold text-4xl tracking-tight">
          <Trans>How ratings work</Trans>
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          <Trans>
            What a score means, how profiles are ranked, what stays anonymous, how both sides are heard and
            how reviews are protected.
          </Trans>
        </p>
      </header>

      <Topic icon={Sigma} title={<Trans>The overall score</Trans>}>
        <p>
          <Trans>
            Every rating scores up to {categoriesMax} categories from {scoreMin} to {scoreMax} stars.
            Employees rate companies on {companyCategories}. Employers rate employees on {employeeCategories}.
            Only the categories you rate count.
          </Trans>
        </p>
        <p>
          <Trans>
            A rating's{' '}
            <strong>overall score is the mean of its category scores, rounded to one decimal</strong> (halves
            round up). For example, scores of {examples} give {example}.
          </Trans>
        </p>
        <p>
          <Trans>
            A profile's average is the mean of the overall scores of its published ratings, to one decimal. An
            average of {excellentMin} or more reads "{excellent}", {goodMin} or more "{good}", {fairMin} or
            more "{fair}", and anything lower "{low}".
          </Trans>
        </p>
      </Topic>

      <Topic icon={Trophy} title={<Trans>How the 'top' ranking works</Trans>}>
        <p>
          <Trans>
            Lists are sorted by a <strong>Bayesian average</strong> unless you choose another order. Each
            profile is treated as if it already had {priorWeight} ratings of {priorMean}, and its real ratings
            are added to those.
          </Trans>
        </p>
        <p>
          <Trans>
            So a single {luckyStars}-star review ranks at {single}, while {steadyCount} reviews averaging{' '}
            {steadyAverage} rank at {many}.{' '}
            <strong>One lucky review cannot outrank many consistently good ones</strong>, and the more ratings
            a profile has, the closer its rank gets to its real average.
          </Trans>
        </p>
      </Topic>

      <Topic icon={UserX} title={<Trans>Anonymity</Trans>}>
        <p>
          <Trans>
            You may rate anonymously. Others then see the rater as <strong>"Anonymous"</strong> and only the{' '}
            <strong>date</strong> of the rating, never the time, your name, your profile or anything that
            links the review to you. You still see your own anonymous ratings under My Ratings, and our
            moderators can see who wrote a review only to act on reports, disputes and appeals.
          </Trans>
        </p>
        <p>
          <Trans>
            An anonymous review is published at the start of the next day in India, together with every
            anonymous review of that day, so that the moment it appears cannot point at you; until then only
            you see it. Your later edits of it wait the same way.
          </Trans>
        </p>
        <p>
          <Trans>
            You can rate each person or company once at a time, so nobody can flood a profile with reviews.
          </Trans>
        </p>
      </Topic>

      <Topic icon={BadgeCheck} title={<Trans>Verified employees</Trans>}>
        <p>
          <Trans>
            A company can declare its email domain (the domain of its own sign-in email; free mail services
            such as gmail.com are refused). An employee then proves they work or worked there with a{' '}
            {codeLength}-digit code sent to their address at that domain. The reviews of that company they
            write from then on carry <strong>"Verified employee"</strong>, anonymous ones too, without saying
            which employee wrote them. The badge shows once enough of the company's reviewers carry it that it
            cannot single out one anonymous author. We keep only the company, the domain and the date of the
            verification, never the address.
          </Trans>
        </p>
      </Topic>

      <Topic icon={EyeOff} title={<Trans>Private rating details</Trans>}>
        <p>
          <Trans>
            Each user chooses whether to show their rating details. With details shown, others see category
            averages, the number of reviews and the individual reviews. With{' '}
            <strong>show rating details</strong> turned off, others see only the average; you always see all
            of your own ratings.
          </Trans>
        </p>
      </Topic>

      <Topic icon={Scale} title={<Trans>Both sides are heard</Trans>}>
        <p>
          <Trans>
            <strong>Replies.</strong> The company or person rated can reply once to each review of them, in up
            to {replyMax} characters, and edit or remove the reply later. The reply is shown under the review
            to everyone who sees it, marked as theirs. Replying never reveals an anonymous author: the reply
            is to the review, not to a person.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Edits and withdrawal.</strong> The author can change the scores and the written feedback
            for {editDays} days after posting; the review is then marked "Edited" and every average follows at
            once (for an anonymous review, at the start of the next day in India). Who was rated and whether
            the review is anonymous cannot change. The author can withdraw a review at any time: it leaves
            every list and average at once, and they may rate the same person or company again later.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Disputes.</strong> The company or person rated can dispute a review of them once, for one
            of these reasons:
          </Trans>
        </p>
        <ul className="list-disc pl-6">
          {DISPUTE_REASONS.map((reason) => (
            <li key={reason}>{disputeReasonLabel(reason)}</li>
          ))}
        </ul>
        <p>
          <Trans>
            A moderator decides within {disputeDays} days. A review of an employee is{' '}
            <strong>held back from their profile while the dispute is open</strong>, because individuals are
            protected first. A review of a company <strong>stays up until the decision</strong>, so that
            companies cannot silence reviews by disputing them. An upheld dispute hides the review; a rejected
            one publishes it. Both sides see the outcome and the moderator's reason.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Appeals.</strong> When a review is hidden, by a moderator or by an upheld dispute, its
            author sees the reason and the date under My Ratings, and can appeal once. The appeal goes back to
            the moderators, who restore the review or reject the appeal with a reason the author sees.
          </Trans>
        </p>
      </Topic>

      <Topic icon={Flag} title={<Trans>Flagging and moderation</Trans>}>
        <p>
          <Trans>
            Anyone signed in can flag a review that is not their own, once, for one of these reasons:
          </Trans>
        </p>
        <ul className="list-disc pl-6">
          {PERSON_FLAG_REASONS.map((reason) => (
            <li key={reason}>{flagReasonLabel(reason)}</li>
          ))}
        </ul>
        <p>
          <Trans>
            Our moderators review flagged ratings. A hidden rating leaves every public list and every average
            at once; its author sees it marked as hidden, with the reason. Accounts that abuse the platform
            can be suspended, and every moderation action is recorded in an audit log with its reason.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Unusual activity</strong> is caught automatically. A profile's ratings go to our
            moderators when, within {windowHours} hours, it receives at least {volumeMin} ratings and more
            than {volumeFactor} times its usual daily number (counted over the {baselineDays} days before, and
            taken as at least one), or at least {freshMin} ratings from accounts opened less than {freshHours}{' '}
            hours before they rated and more than {freshFactor} times its usual daily number of those (again
            at least one). The profile then shows a neutral notice while moderators look; the ratings stay
            visible and nobody is accused. A steady stream of reviews, however large, raises nothing.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Copied reviews</strong> are caught the same way. A review of at least {copiedMin}{' '}
            characters that is {copiedShare} % or more the same as another account's review of the last{' '}
            {copiedDays} days, or as the same account's review of another profile, goes to our moderators with
            both texts side by side.
          </Trans>
        </p>
        <p>
          <Trans>
            We publish what moderation did, month by month, in our{' '}
            <TextLink to={paths.transparency.getHref()}>transparency report</TextLink>.
          </Trans>
        </p>
      </Topic>

      <p className="text-center text-muted-foreground">
        <Trans>
          Ready to rate? <TextLink to={paths.register.getHref()}>Create an account</TextLink> or{' '}
          <TextLink to={paths.login.getHref()}>sign in</TextLink>.
        </Trans>
      </p>
    </div>
  );
}
