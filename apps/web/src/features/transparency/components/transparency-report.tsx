// The public transparency report (DESIGN §8.2): per month, what happened to ratings, flags, disputes,
// appeals and accounts, as the server counted it from its tables and the moderation log. Each topic
// is a bar chart (drawn for the eye, hidden from screen readers) over the same figures as a table.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AUTOMATIC_FLAG_RULES,
  FLAG_REASONS,
  PERSONAL_DATA_KINDS,
  type TransparencyMonth,
} from '@workspace/contracts';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { FLAG_RULE_LABELS, PERSONAL_DATA_KIND_LABELS } from '@/components/ratings/labels';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { flagReasonLabel, useApiMessages } from '@/lib/api-messages';
import { formatDateTime, formatNumber } from '@/lib/format';
import { activeLanguage, intlLocale } from '@/lib/i18n';
import { useTransparency } from '../api/get-transparency';

interface Series {
  label: MessageDescriptor;
  value: (month: TransparencyMonth) => number;
  /** Tailwind background class of its bars and key. */
  colour: string;
}

interface Topic {
  id: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  series: Series[];
}

const TOPICS: Topic[] = [
  {
    id: 'ratings',
    title: msg`Ratings`,
    description: msg`Ratings posted, edited by their authors and withdrawn by them.`,
    series: [
      { label: msg`Posted`, value: (m) => m.ratings.posted, colour: 'bg-primary' },
      { label: msg`Edited`, value: (m) => m.ratings.edited, colour: 'bg-warning' },
      { label: msg`Withdrawn`, value: (m) => m.ratings.withdrawn, colour: 'bg-muted-foreground' },
    ],
  },
  {
    id: 'flags',
    title: msg`Flags`,
    description: msg`Ratings reported by people, and those our automatic checks flagged: bursts of ratings and copied reviews.`,
    series: [
      { label: msg`By people`, value: (m) => m.flags.by_source.people, colour: 'bg-primary' },
      { label: msg`Automatic`, value: (m) => m.flags.by_source.automatic, colour: 'bg-orange' },
    ],
  },
  {
    id: 'personal-data',
    title: msg`Personal data refused`,
    description: msg`Reviews and other texts (replies, disputes, appeals) we refused because they carried personal data. Our forms warn as people type, so these are the ones sent anyway.`,
    series: [
      { label: msg`Reviews`, value: (m) => m.personal_data_refused.ratings, colour: 'bg-primary' },
      { label: msg`Other texts`, value: (m) => m.personal_data_refused.other_texts, colour: 'bg-orange' },
    ],
  },
  {
    id: 'moderation',
    title: msg`Moderation`,
    description: msg`Ratings moderators hid and restored, and replies they hid. Every action has a reason and is logged.`,
    series: [
      { label: msg`Hidden`, value: (m) => m.moderation.hidden, colour: 'bg-destructive' },
      { label: msg`Restored`, value: (m) => m.moderation.restored, colour: 'bg-success' },
      {
        label: msg`Replies hidden`,
        value: (m) => m.moderation.replies_hidden,
        colour: 'bg-muted-foreground',
      },
    ],
  },
  {
    id: 'disputes',
    title: msg`Disputes`,
    description: msg`Disputes filed by rated companies and people, and how moderators decided them.`,
    series: [
      { label: msg`Filed`, value: (m) => m.disputes.opened, colour: 'bg-primary' },
      { label: msg`Upheld`, value: (m) => m.disputes.upheld, colour: 'bg-destructive' },
      { label: msg`Rejected`, value: (m) => m.disputes.rejected, colour: 'bg-success' },
      { label: msg`Overdue`, value: (m) => m.disputes.overdue, colour: 'bg-warning' },
    ],
  },
  {
    id: 'appeals',
    title: msg`Appeals`,
    description: msg`Appeals by authors whose ratings were hidden.`,
    series: [
      { label: msg`Filed`, value: (m) => m.appeals.opened, colour: 'bg-primary' },
      { label: msg`Granted`, value: (m) => m.appeals.granted, colour: 'bg-success' },
      { label: msg`Rejected`, value: (m) => m.appeals.rejected, colour: 'bg-destructive' },
    ],
  },
  {
    id: 'accounts',
    title: msg`Accounts suspended`,
    description: msg`Accounts suspended for abusing the platform; their ratings are hidden while suspended.`,
    series: [{ label: msg`Suspended`, value: (m) => m.accounts.suspended, colour: 'bg-destructive' }],
  },
];

/** "Nov 26" / "नव॰ 26" for 'YYYY-MM'. */
function monthName(month: string, long = false) {
  const date = new Date(`${month}-01T00:00:00Z`);
  return new Intl.DateTimeFormat(intlLocale(activeLanguage()), {
    month: long ? 'long' : 'short',
    year: long ? 'numeric' : '2-digit',
    timeZone: 'UTC',
  }).format(date);
}

function Chart({ months, series }: { months: TransparencyMonth[]; series: Series[] }) {
  const max = Math.max(1, ...months.flatMap((month) => series.map((s) => s.value(month))));
  return (
    <div aria-hidden className="grid gap-2">
      <div className="flex h-40 items-end gap-1 border-b sm:gap-2">
        {months.map((month) => (
          <div key={month.month} className="flex h-full flex-1 items-end justify-center gap-px">
            {series.map((s) => (
              <div
                key={s.label.id}
                className={`w-full max-w-3 rounded-t-sm ${s.colour}`}
                style={{ height: `${(s.value(month) / max) * 100}%`, minHeight: s.value(month) > 0 ? 2 : 0 }}
              />
            ))}
          </div>
        ))}
      </div>
      <div className="flex gap-1 text-[10px] text-muted-foreground sm:gap-2 sm:text-xs">
        {months.map((month, index) => (
          <span key={month.month} className="flex-1 text-center">
            {index % 2 === months.length % 2 ? monthName(month.month) : ''}
          </span>
        ))}
      </div>
    </div>
  );
}

function TopicCard({
  topic,
  months,
  extra,
}: {
  topic: Topic;
  months: TransparencyMonth[];
  extra?: ReactNode;
}) {
  const { i18n } = useLingui();
  // A chart of twelve empty months reads as a broken chart: say there was nothing instead.
  const counted = months.some((month) => topic.series.some((s) => s.value(month) > 0));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={`${topic.id}-title`}>
          {i18n._(topic.title)}
        </CardTitle>
        <CardDescription>{i18n._(topic.description)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {counted ? (
          <>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden>
              {topic.series.map((s) => (
                <li key={s.label.id} className="flex items-center gap-1.5">
                  <span className={`size-3 rounded-sm ${s.colour}`} />
                  {i18n._(s.label)}
                </li>
              ))}
            </ul>
            <Chart months={months} series={topic.series} />
          </>
        ) : (
          <p className="rounded-md border border-dashed p-4 text-center text-muted-foreground text-sm">
            <Trans>Nothing of this kind happened in the last twelve months.</Trans>
          </p>
        )}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-primary">
            <Trans>Figures by month</Trans>
          </summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-right tabular-nums" aria-labelledby={`${topic.id}-title`}>
              <thead>
                <tr className="border-b text-muted-foreground">
                  <th scope="col" className="py-1 text-left font-medium">
                    <Trans>Month</Trans>
                  </th>
                  {topic.series.map((s) => (
                    <th key={s.label.id} scope="col" className="py-1 pl-3 font-medium">
                      {i18n._(s.label)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...months].reverse().map((month) => (
                  <tr key={month.month} className="border-b last:border-0">
                    <th scope="row" className="py-1 text-left font-normal">
                      {monthName(month.month, true)}
                    </th>
                    {topic.series.map((s) => (
                      <td key={s.label.id} className="py-1 pl-3">
                        {formatNumber(s.value(month))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
        {extra}
      </CardContent>
    </Card>
  );
}

/** Totals over the report's twelve months, one line each. */
function Totals({ title, rows }: { title: ReactNode; rows: [key: string, label: string, total: number][] }) {
  return (
    <div className="grid gap-2 text-sm">
      <h3 className="font-medium">{title}</h3>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {rows.map(([key, label, total]) => (
          <div key={key} className="flex justify-between gap-3 border-b py-1">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{formatNumber(total)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const sum = (months: TransparencyMonth[], value: (m: TransparencyMonth) => number | undefined) =>
  months.reduce((total, m) => total + (value(m) ?? 0), 0);

function FlagTotals({ months }: { months: TransparencyMonth[] }) {
  const { i18n } = useLingui();
  return (
    <>
      <Totals
        title={<Trans>Flags by reason, last 12 months</Trans>}
        rows={FLAG_REASONS.map((reason) => [
          reason,
          flagReasonLabel(reason),
          sum(months, (m) => m.flags.by_reason[reason]),
        ])}
      />
      <Totals
        title={<Trans>Automatic flags by rule, last 12 months</Trans>}
        rows={AUTOMATIC_FLAG_RULES.map((rule) => [
          rule,
          i18n._(FLAG_RULE_LABELS[rule]),
          sum(months, (m) => m.flags.by_rule[rule]),
        ])}
      />
    </>
  );
}

function PersonalDataTotals({ months }: { months: TransparencyMonth[] }) {
  const { i18n } = useLingui();
  return (
    <Totals
      title={<Trans>Refused for personal data by kind, last 12 months</Trans>}
      rows={PERSONAL_DATA_KINDS.map((kind) => [
        kind,
        i18n._(PERSONAL_DATA_KIND_LABELS[kind]),
        sum(months, (m) => m.personal_data_refused.by_kind[kind]),
      ])}
    />
  );
}

function MedianDays({ months }: { months: TransparencyMonth[] }) {
  const latest = [...months].reverse().find((m) => m.disputes.median_days_to_decision !== null);
  if (!latest) return null;
  const days = formatNumber(latest.disputes.median_days_to_decision ?? 0);
  const month = monthName(latest.month, true);
  return (
    <p className="text-sm">
      <Trans>
        Median time to a decision: <strong>{days} days</strong> (disputes decided in {month}).
      </Trans>
    </p>
  );
}

export function TransparencyReportPage() {
  const { t } = useLingui();
  useApiMessages();
  const report = useTransparency();
  const counted = report.data ? formatDateTime(report.data.generated_at) : '';
  return (
    <div className="mx-auto grid max-w-4xl gap-8">
      <header className="grid gap-3 text-center">
        <h1 className="font-bold text-4xl tracking-tight">
          <Trans>Transparency report</Trans>
        </h1>
        <p className="text-lg text-muted-foreground">
          <Trans>
            What happened to reviews on WorkTrust in the last twelve months, counted from our records and our
            moderation log, never entered by hand. It holds no personal data.
          </Trans>
        </p>
        <p className="text-muted-foreground text-sm">
          <Trans>
            How we decide: <TextLink to={paths.howRatingsWork.getHref()}>How ratings work</TextLink>
          </Trans>
        </p>
      </header>
      {report.isPending || report.isError ? (
        <QueryState
          query={report}
          failure={t`The report could not be loaded just now.`}
          placeholder={
            <>
              <Skeleton className="h-24" />
              <Skeleton className="h-72" />
            </>
          }
        />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-3 text-center">
            {[
              [t`Companies`, report.data.totals.companies],
              [t`Professionals`, report.data.totals.employees],
              [t`Published reviews`, report.data.totals.published_ratings],
            ].map(([label, value]) => (
              <div key={label} className="grid gap-1 rounded-xl border bg-card p-3 sm:p-4">
                <dt className="order-2 text-muted-foreground text-xs sm:text-sm">{label}</dt>
                <dd className="order-1 font-bold text-2xl tabular-nums sm:text-3xl">
                  {formatNumber(Number(value))}
                </dd>
              </div>
            ))}
          </dl>
          {TOPICS.map((topic) => (
            <TopicCard
              key={topic.id}
              topic={topic}
              months={report.data.months}
              extra={
                topic.id === 'flags' ? (
                  <FlagTotals months={report.data.months} />
                ) : topic.id === 'personal-data' ? (
                  <PersonalDataTotals months={report.data.months} />
                ) : topic.id === 'disputes' ? (
                  <MedianDays months={report.data.months} />
                ) : undefined
              }
            />
          ))}
          <p className="text-center text-muted-foreground text-sm">
            <Trans>Counted at {counted}; the figures are counted again every five minutes.</Trans>
          </p>
        </>
      )}
    </div>
  );
}
