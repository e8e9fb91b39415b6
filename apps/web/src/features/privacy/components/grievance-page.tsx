// /grievance (DESIGN §8.3, IT Rules 2021): who the Grievance Officer is, how a complaint is handled
// and by when, and the form (visitors too). Success shows the ticket number and due date.
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_OFFICER_DEFAULT_NAME,
  type GrievanceCategory,
  type GrievanceCreated,
  type GrievanceRequest,
  grievanceRequest,
  LIMITS,
} from '@workspace/contracts';
import { CheckCircle2, Mail, Scale } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { translateApiMessage } from '@/lib/api-messages';
import { formatDate } from '@/lib/format';
import { activeLanguage } from '@/lib/i18n';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFileGrievance, useGrievanceOfficer } from '../api/grievances';
import { DeleteSignedOut } from './delete-signed-out';

const CATEGORY_LABELS: Record<GrievanceCategory, MessageDescriptor> = {
  CONTENT: msg`A review or reply (content)`,
  PRIVACY: msg`My personal data (privacy)`,
  ACCOUNT: msg`My account`,
  OTHER: msg`Something else`,
};

function Officer() {
  const officer = useGrievanceOfficer();
  if (!officer.data) return <Skeleton className="h-28" />;
  const { name, email, acknowledge_within_hours: hours, resolve_within_days: days } = officer.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Grievance Officer</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {/* The title itself until a deployment names a person (GRIEVANCE_OFFICER_NAME): in the reader's language. */}
        <p className="font-medium">
          {name === GRIEVANCE_OFFICER_DEFAULT_NAME ? <Trans>Grievance Officer</Trans> : name}
        </p>
        <p className="flex items-center gap-2">
          <Mail aria-hidden className="size-4 text-primary" />
          <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${email}`}>
            {email}
          </a>
        </p>
        <ol className="grid list-decimal gap-2 pl-5 text-muted-foreground text-sm leading-relaxed">
          <li>
            <Trans>
              You get a ticket number at once, and an acknowledgement by mail within {hours} hours.
            </Trans>
          </li>
          <li>
            <Trans>The officer looks into it and answers within {days} days, with the reasons.</Trans>
          </li>
          <li>
            <Trans>
              Not satisfied? You may take a privacy complaint to the Data Protection Board of India, or any
              complaint to the courts.
            </Trans>
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}

function Filed({ grievance }: { grievance: GrievanceCreated }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const due = formatDate(grievance.due_at);
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert variant="success">
        <CheckCircle2 aria-hidden />
        <AlertTitle>
          <Trans>Grievance {grievance.number} received</Trans>
        </AlertTitle>
        <AlertDescription>
          <Trans>
            We have sent an acknowledgement by mail. You will have an answer by {due}. Keep the number to
            refer to it.
          </Trans>
        </AlertDescription>
      </Alert>
    </div>
  );
}

function GrievanceForm() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const file = useFileGrievance();
  const [filed, setFiled] = useState<GrievanceCreated | null>(null);
  // The contracts' own schema: every rule and message is the server's. No category is chosen at first.
  // The category too, so a second grievance starts from "Choose a category" (issue 47).
  const empty = {
    category: '' as GrievanceRequest['category'],
    subject_url: '',
    details: '',
    email: user?.email ?? '',
  };
  const form = useForm<GrievanceRequest>({ resolver: zodResolver(grievanceRequest), defaultValues: empty });
  const { errors } = form.formState;
  const detailsLength = (form.watch('details') ?? '').trim().length;

  const submit = form.handleSubmit((values) =>
    // Its acknowledgement and answer are mailed in the language it is filed in.
    file.mutate(
      { ...values, language: activeLanguage() },
      {
        onSuccess: (created) => {
          setFiled(created);
          form.reset(empty);
        },
        onError: (error) =>
          showServerFieldErrors(form.setError, error, ['category', 'subject_url', 'details', 'email']),
      },
    ),
  );
  const summary =
    file.error instanceof ApiError && Object.keys(file.error.errors).length > 0
      ? undefined
      : file.isError
        ? getErrorMessage(file.error)
        : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>File a grievance</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            About a review, your data, your account or anything else. To report a single review, the Flag
            button on it is quicker.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {filed && <Filed grievance={filed} />}
        <form noValidate onSubmit={submit} className="grid gap-5">
          {summary && (
            <Alert variant="destructive">
              <AlertDescription>{translateApiMessage(summary)}</AlertDescription>
            </Alert>
          )}
          {/* The API's message names its codes, for API clients; a person picks from the labels above. */}
          <Field
            label={t`What is it about?`}
            error={errors.category ? t`Choose what it is about.` : undefined}
          >
            {(control) => (
              <Select {...control} {...form.register('category')}>
                <option value="">{t`Choose a category`}</option>
                {GRIEVANCE_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {i18n._(CATEGORY_LABELS[category])}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t`Link to the page (optional)`}
            hint={t`For example the profile with the review.`}
            error={errors.subject_url?.message}
          >
            {(control) => <Input {...control} type="url" inputMode="url" {...form.register('subject_url')} />}
          </Field>
          <Field
            label={t`What happened?`}
            hint={t`${detailsLength}/${LIMITS.grievanceDetailsMax} characters, at least ${LIMITS.grievanceDetailsMin}.`}
            error={errors.details?.message}
          >
            {(control) => <Textarea {...control} rows={6} {...form.register('details')} />}
          </Field>
          <Field
            label={t`Your email`}
            hint={user ? t`We answer at your account's address unless you give another.` : t`We answer here.`}
            error={errors.email?.message}
          >
            {(control) => (
              <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
            )}
          </Field>
          <Button type="submit" className="justify-self-start" disabled={file.isPending}>
            {file.isPending ? (
              <Spinner label={t`Sending...`} className="text-primary-foreground" />
            ) : (
              <Trans>Send grievance</Trans>
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function GrievancePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Grievances`);
  return (
    <div className="mx-auto grid max-w-5xl gap-8">
      <header className="grid gap-3">
        <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Scale aria-hidden className="size-5" />
        </span>
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">
          <Trans>Complaints and the Grievance Officer</Trans>
        </h1>
        <p className="max-w-3xl text-lg text-muted-foreground leading-relaxed">
          <Trans>
            Something wrong with a review, your data or your account? Tell our Grievance Officer. Every
            complaint gets a number, an answer with reasons, and a deadline we keep. See also our{' '}
            <TextLink to={paths.privacy.getHref()}>privacy notice</TextLink>.
          </Trans>
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <GrievanceForm />
        <div className="grid content-start gap-6">
          <Officer />
          <DeleteSignedOut />
        </div>
      </div>
    </div>
  );
}
