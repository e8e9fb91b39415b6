// "Verify your work email" on an employee's account page (DESIGN §8.2): the work address, then the
// code mailed to it (WORK_EMAIL_CODE_LENGTH digits), then the company named; the list of verifications with Remove. The
// address is sent once and kept nowhere, the page says so.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  WORK_EMAIL_CODE_TTL_MINUTES,
  type WorkEmailCodeSent,
  type WorkEmailRequest,
} from '@workspace/contracts';
import { BadgeCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getProblem } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSession } from '@/lib/session';
import { usePendingCode } from '../api/pending-code';
import { useConfirmCode, useRemoveVerification, useRequestCode, useVerifications } from '../api/work-email';
import { CodeForm } from './code-entry';

const addressChecks = lazyResolver(() =>
  import('../checks/verified').then((module) => module.workEmailChecks),
);

function RemoveVerification({ companyId, companyName }: { companyId: number; companyName: string }) {
  const { t } = useLingui();
  const remove = useRemoveVerification();
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground"
          // The whole name in one sentence, so that each language orders it (Hindi puts the verb last).
          aria-label={t`Remove your verification at ${companyName}`}
        >
          <Trash2 aria-hidden />
          <Trans>Remove</Trans>
        </Button>
      }
      title={<Trans>Remove your verification at {companyName}?</Trans>}
      description={
        <Trans>
          Reviews you write of {companyName} from now on will not show "Verified employee"; those you have
          written keep it. You can verify again later.
        </Trans>
      }
      confirmLabel={<Trans>Remove</Trans>}
      pending={remove.isPending}
      problem={remove.isError ? getProblem(remove.error) : undefined}
      onReset={remove.reset}
      onConfirm={(done) =>
        remove.mutate(companyId, {
          onSuccess: () => {
            toast({ title: t`Verification removed`, variant: 'success' });
            done();
          },
        })
      }
    />
  );
}

/** For employees (the route shows it to them only). */
export function WorkEmailCard() {
  const { t } = useLingui();
  const verifications = useVerifications();
  const request = useRequestCode();
  const confirm = useConfirmCode();
  const { user } = useSession();
  // The code waiting to be entered outlives a reload; the address it went to stays in this page only.
  const [sent, setSent] = usePendingCode<WorkEmailCodeSent>('work-email', user?.id ?? 0);
  const [address, setAddress] = useState<string | null>(null);
  const form = useForm<WorkEmailRequest>({ resolver: addressChecks.resolver, defaultValues: { email: '' } });

  const ask = form.handleSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: (answer) => {
        setSent(answer);
        setAddress(email);
        confirm.reset();
      },
    }),
  );
  const check = (code: string) =>
    confirm.mutate(code, {
      onSuccess: (verification) => {
        const company = verification.company_name;
        toast({ title: t`You are a verified employee of ${company}`, variant: 'success' });
        setSent(null);
        form.reset();
      },
    });
  const list = verifications.data?.results ?? [];
  const to = address ?? '';
  const company = sent?.company_name ?? '';
  const minutes = WORK_EMAIL_CODE_TTL_MINUTES;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Verify your work email</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Prove that you work or worked at a company: we send a code to your address at its domain. The
            reviews of that company you write from then on show "Verified employee", anonymous ones too, once
            enough of its reviewers carry it that the badge cannot single you out. We keep only the company,
            its domain and the date, never the address.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {list.length > 0 && (
          <ul aria-label={t`Your verifications`} className="grid gap-2">
            {list.map((verification) => {
              const since = formatDate(verification.verified_at);
              const domain = verification.domain;
              return (
                <li
                  key={verification.company_id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
                >
                  <span className="flex min-w-0 items-center gap-2">
                    <BadgeCheck aria-hidden className="size-4 shrink-0 text-success" />
                    <span className="min-w-0">
                      <span className="font-medium">{verification.company_name}</span>{' '}
                      <span className="text-muted-foreground">
                        <Trans>
                          @{domain} · since {since}
                        </Trans>
                      </span>
                    </span>
                  </span>
                  <RemoveVerification
                    companyId={verification.company_id}
                    companyName={verification.company_name}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {sent ? (
          <CodeForm
            intro={
              <p className="text-sm" role="status">
                {address ? (
                  <Trans>
                    We sent a code to {to} for {company}. It works for {minutes} minutes.
                  </Trans>
                ) : (
                  <Trans>
                    We sent a code to your work address for {company}. Enter it here, or use another address.
                  </Trans>
                )}
              </p>
            }
            onConfirm={check}
            problem={confirm.isError ? getProblem(confirm.error) : undefined}
            pending={confirm.isPending}
          >
            <Button
              type="button"
              variant="outline"
              onClick={() => setSent(null)}
              disabled={confirm.isPending}
            >
              <Trans>Use another address</Trans>
            </Button>
          </CodeForm>
        ) : (
          <form noValidate onSubmit={ask} onFocus={addressChecks.preload} className="grid gap-3">
            <Field
              label={<Trans>Work email</Trans>}
              error={
                form.formState.errors.email?.message ??
                (request.isError ? getProblem(request.error) : undefined)
              }
              hint={
                <Trans>
                  The address at your company's domain, such as name@company.com. The code's mail passes
                  through the company's mail server, so the company can see that you asked for one, though
                  never what you write.
                </Trans>
              }
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="off"
                  {...form.register('email', { onChange: () => request.reset() })}
                />
              )}
            </Field>
            <div>
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? (
                  <Spinner label={t`Sending...`} className="text-current" />
                ) : (
                  <Trans>Send code</Trans>
                )}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
