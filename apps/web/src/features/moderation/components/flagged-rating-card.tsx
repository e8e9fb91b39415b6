// One flagged rating in the queue: the rating with its rater revealed, its flags (reason, details,
// reporter, status) and the actions: hide or restore, dismiss a flag, suspend or reinstate the rater
// (whichever applies: neither for a deleted account's kept rating).
import { plural, t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type AutomaticFlagRule,
  COPIED_TEXT,
  type FlagFacts,
  type FlaggedRating,
  UNUSUAL_ACTIVITY,
} from '@workspace/contracts';
import { Ban, Eye, EyeOff, UserCheck, X } from 'lucide-react';
import { FLAG_RULE_LABELS, personName } from '@/components/ratings/labels';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { flagReasonLabel } from '@/lib/api-messages';
import { formatDateTime, formatNumber, formatScore } from '@/lib/format';
import { ActionDialog } from './action-dialog';
import { ModeratedRatingCard } from './moderated-rating-card';

const FLAG_STATUS_VARIANT = {
  open: 'warning',
  dismissed: 'secondary',
  actioned: 'success',
  withdrawn: 'secondary',
} as const;

type FlagView = FlaggedRating['flags'][number];

/** The flagged text beside the text it matched, so the moderator can compare them. */
function SideBySide({ text, matched }: { text: string | null; matched: NonNullable<FlagView['matched']> }) {
  const other = matched.rating;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <figure className="grid content-start gap-1 rounded-md bg-muted p-2">
        <figcaption className="font-medium text-muted-foreground text-xs">
          <Trans>This rating</Trans>
        </figcaption>
        <blockquote className="whitespace-pre-line wrap-anywhere">{text}</blockquote>
      </figure>
      <figure className="grid content-start gap-1 rounded-md bg-muted p-2">
        <figcaption className="font-medium text-muted-foreground text-xs">
          {other ? (
            <Trans>
              Rating {matched.rating_id} by {other.rater_name} of {other.ratee_name} ·{' '}
              {formatDateTime(other.created_at)}
            </Trans>
          ) : (
            <Trans>Rating {matched.rating_id}</Trans>
          )}
        </figcaption>
        {other ? (
          <blockquote className="whitespace-pre-line wrap-anywhere">{other.feedback_message}</blockquote>
        ) : (
          <p className="text-muted-foreground">
            <Trans>Withdrawn by its author since; its text is gone.</Trans>
          </p>
        )}
      </figure>
    </div>
  );
}

/**
 * What an automatic flag found, in the moderator's language: its figures (flags.facts) with the
 * rule's constants. Called while FlagItem renders, which useLingui re-renders on a change of language.
 */
function factsText(rule: AutomaticFlagRule, facts: FlagFacts): string {
  const { windowHours, baselineDays, freshAccountHours } = UNUSUAL_ACTIVITY;
  const count = facts.count ?? 0;
  const usual = formatScore(facts.usual_per_day ?? 0);
  const alike = formatNumber(facts.alike_percent ?? 0);
  const days = COPIED_TEXT.days;
  switch (rule) {
    case 'volume':
      return plural(count, {
        one: `# rating in ${windowHours} hours; usually ${usual} a day over the ${baselineDays} days before.`,
        other: `# ratings in ${windowHours} hours; usually ${usual} a day over the ${baselineDays} days before.`,
      });
    case 'fresh_accounts':
      return plural(count, {
        one: `# rating in ${windowHours} hours from an account opened less than ${freshAccountHours} hours before rating; usually ${usual} a day.`,
        other: `# ratings in ${windowHours} hours from accounts opened less than ${freshAccountHours} hours before rating; usually ${usual} a day.`,
      });
    case 'copied_text':
      return tGlobal`${alike} % alike to another account's rating of the last ${days} days.`;
    case 'repeated_text':
      return tGlobal`${alike} % alike to this account's rating of another profile in the last ${days} days.`;
  }
}

function FlagItem({ flag, ratingText }: { flag: FlagView; ratingText: string | null }) {
  const { t, i18n } = useLingui();
  const rule = flag.rule && i18n._(FLAG_RULE_LABELS[flag.rule]);
  const status = {
    open: t`Open`,
    dismissed: t`Dismissed`,
    actioned: t`Actioned`,
    withdrawn: t`Rating withdrawn`,
  }[flag.status];
  // The automatic check for unusual activity flags with no reporter.
  const reporter = flag.reporter_id === null ? t`Automatic check` : flag.reporter_name;
  const when = formatDateTime(flag.created_at);
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm sm:grid-cols-[1fr_auto]">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{flagReasonLabel(flag.reason)}</span>
          <Badge variant={FLAG_STATUS_VARIANT[flag.status]}>{status}</Badge>
        </p>
        {rule && <p>{rule}</p>}
        {flag.rule && flag.facts && <p>{factsText(flag.rule, flag.facts)}</p>}
        {flag.details && <p className="whitespace-pre-line wrap-anywhere">{flag.details}</p>}
        {flag.matched && <SideBySide text={ratingText} matched={flag.matched} />}
        {flag.dismiss_reason && <DismissReason reason={flag.dismiss_reason} />}
        <p className="text-muted-foreground">
          <Trans>
            By {reporter} · {when}
          </Trans>
        </p>
      </div>
      {flag.status === 'open' && (
        <ActionDialog
          action="dismiss"
          targetId={flag.id}
          title={<Trans>Dismiss this flag</Trans>}
          description={
            flag.reporter_id === null ? (
              <Trans>The rating stays as it is; the flag is closed.</Trans>
            ) : (
              <Trans>The rating stays as it is; the flag is closed, and {reporter} is told why.</Trans>
            )
          }
          confirmLabel={<Trans>Dismiss Flag</Trans>}
          trigger={
            // The whole name in one sentence, so that each language orders it (Hindi puts the verb last).
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              aria-label={t`Dismiss flag by ${reporter}`}
            >
              <X aria-hidden />
              <Trans>Dismiss</Trans>
            </Button>
          }
        />
      )}
    </li>
  );
}

/** What a dismissed flag's reporter was told (ADR 0034). */
function DismissReason({ reason }: { reason: string }) {
  return (
    <p className="whitespace-pre-line wrap-anywhere">
      <Trans>Dismissed: {reason}</Trans>
    </p>
  );
}

/** Why a hidden rating is hidden: the latest hiding or upheld dispute, in the moderators' words. */
function HidingDecision({ moderation }: { moderation: NonNullable<FlaggedRating['rating']['moderation']> }) {
  const at = formatDateTime(moderation.at);
  const reason = moderation.reason;
  return (
    <p className="rounded-lg bg-muted/60 p-3 text-sm wrap-anywhere">
      {reason ? (
        <Trans>
          Hidden on {at}. Reason: {reason}
        </Trans>
      ) : (
        <Trans>Hidden on {at}.</Trans>
      )}
    </p>
  );
}

export function FlaggedRatingCard({ item }: { item: FlaggedRating }) {
  const { t } = useLingui();
  const { rating, flags } = item;
  // One coming back with the next day's release (ADR 0030) may still be kept hidden, not published now.
  const hidden = rating.status === 'hidden' && !rating.return_held;
  const rater = personName(rating.rater_name);
  const open = item.open_flag_count;
  return (
    <ModeratedRatingCard
      rating={rating}
      badges={
        <Badge variant="warning">
          {plural(item.flag_count, { one: '# flag', other: '# flags' })},{' '}
          {plural(open, { one: '# open', other: '# open' })}
        </Badge>
      }
      actions={
        <>
          {hidden ? (
            // A suspended rater's ratings come back with their reinstatement, not one by one.
            rating.rater_status !== 'suspended' && (
              <ActionDialog
                action="restore"
                targetId={rating.id}
                title={<Trans>Restore this rating</Trans>}
                description={<Trans>It returns to the profile and counts in the average again.</Trans>}
                confirmLabel={<Trans>Restore Rating</Trans>}
                trigger={
                  <Button variant="outline" size="sm">
                    <Eye aria-hidden />
                    <Trans>Restore rating</Trans>
                  </Button>
                }
              />
            )
          ) : (
            <ActionDialog
              action="hide"
              targetId={rating.id}
              destructive
              title={<Trans>Hide this rating</Trans>}
              description={
                <Trans>
                  It leaves the profile and every average; its author sees it marked as hidden, with your
                  reason, and may appeal once. Open flags are closed as actioned, and the people who reported
                  it are told it was hidden, not why.
                </Trans>
              }
              confirmLabel={<Trans>Hide Rating</Trans>}
              trigger={
                <Button variant="destructive" size="sm">
                  <EyeOff aria-hidden />
                  <Trans>Hide rating</Trans>
                </Button>
              }
            />
          )}
          {rating.rater_status === 'active' && (
            <ActionDialog
              action="suspend"
              targetId={rating.rater}
              destructive
              title={<Trans>Suspend {rater}</Trans>}
              description={
                <Trans>
                  They are signed out at once and cannot sign in. Every rating they gave is hidden until they
                  are reinstated: named ones at once, anonymous ones at the start of the next day in India, so
                  that the moment cannot point at their author. A rating that must go now, hide for its own
                  cause.
                </Trans>
              }
              confirmLabel={<Trans>Suspend User</Trans>}
              trigger={
                <Button variant="outline" size="sm" className="text-destructive">
                  <Ban aria-hidden />
                  <Trans>Suspend rater</Trans>
                </Button>
              }
            />
          )}
          {rating.rater_status === 'suspended' && (
            <ActionDialog
              action="reinstate"
              targetId={rating.rater}
              title={<Trans>Reinstate {rater}</Trans>}
              description={
                <Trans>
                  They can sign in again, and the ratings their suspension hid are published again: named ones
                  at once, anonymous ones at the start of the next day in India, with that day's anonymous
                  ratings, so that the moment cannot point at their author.
                </Trans>
              }
              confirmLabel={<Trans>Reinstate User</Trans>}
              trigger={
                <Button variant="outline" size="sm">
                  <UserCheck aria-hidden />
                  <Trans>Reinstate rater</Trans>
                </Button>
              }
            />
          )}
        </>
      }
    >
      {rating.status === 'hidden' && rating.moderation && <HidingDecision moderation={rating.moderation} />}
      <section aria-label={t`Flags on rating ${rating.id}`} className="grid gap-2">
        <h3 className="font-medium text-sm">
          <Trans>Flags</Trans>
        </h3>
        <ul className="grid gap-2">
          {flags.map((flag) => (
            <FlagItem key={flag.id} flag={flag} ratingText={rating.feedback_message} />
          ))}
        </ul>
      </section>
    </ModeratedRatingCard>
  );
}
