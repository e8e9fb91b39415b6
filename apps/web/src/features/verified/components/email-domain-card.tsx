// A company's email domain on its account page (DESIGN §8.2, §9.1): declared, it lets employees
// verify with an address there. Only the domain of the company's own sign-in email, once the company
// has proven that address with a mailed code, and never a free mail service (the server decides and
// says why).
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type EmailCodeSent,
  type OwnUser,
  WORK_EMAIL_CODE_LENGTH,
  WORK_EMAIL_CODE_TTL_MINUTES,
} from '@workspace/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getProblem } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { usePendingCode } from '../api/pending-code';
import { useConfirmOwnCode, useDeclareDomain, useRequestOwnCode } from '../api/work-email';
import { CodeForm } from './code-entry';

const domainChecks = lazyResolver(() => import('../checks/verified').then((module) => module.domainChecks));

/** The first step: the company proves its sign-in address with a code mailed to it. */
function ConfirmEmail({ user }: { user: OwnUser }) {
  const { t } = useLingui();
  const request = useRequestOwnCode();
  const confirm = useConfirmOwnCode();
  // The code waiting to be entered outlives a reload or a trip to the mail app.
  const [sent, setSent] = usePendingCode<EmailCodeSent>('own-email', user.id);
  const send = () =>
    request.mutate(undefined, {
      onSuccess: (answer) => {
        setSent(answer);
        confirm.reset();
      },
    });
  const email = user.email;
  const minutes = WORK_EMAIL_CODE_TTL_MINUTES;
  const digits = WORK_EMAIL_CODE_LENGTH;

  if (!sent) {
    return (
      <div className="grid gap-3">
        <p className="text-sm">
          <Trans>
            First confirm that <strong>{email}</strong> is yours: we send a {digits}-digit code to it.
          </Trans>
        </p>
        {request.isError && (
          <p role="alert" className="text-sm text-destructive">
            {getProblem(request.error)}
          </p>
        )}
        <div>
          <Button type="button" disabled={request.isPending} onClick={send}>
            {request.isPending ? (
              <Spinner label={t`Sending...`} className="text-current" />
            ) : (
              <Trans>Send code</Trans>
            )}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <CodeForm
      intro={
        <p className="text-sm" role="status">
          {request.isSuccess ? (
            <Trans>
              We sent a code to {email}. It works for {minutes} minutes.
            </Trans>
          ) : (
            <Trans>We sent a code to {email}. Enter it here, or ask for a new one.</Trans>
          )}
        </p>
      }
      // Confirmed, the card turns to the domain form, which says so where the code was.
      onConfirm={(code) => confirm.mutate(code, { onSuccess: () => setSent(null) })}
      // A new code that could not be sent says why where the code goes.
      problem={
        confirm.isError ? getProblem(confirm.error) : request.isError ? getProblem(request.error) : undefined
      }
      pending={confirm.isPending}
    >
      <Button type="button" variant="outline" disabled={request.isPending} onClick={send}>
        <Trans>Send a new code</Trans>
      </Button>
    </CodeForm>
  );
}

/** For companies (the route shows it to them only). */
export function EmailDomainCard({ user }: { user: OwnUser }) {
  const { t } = useLingui();
  const declare = useDeclareDomain();
  const own = user.email.slice(user.email.lastIndexOf('@') + 1);
  const current = user.email_domain;
  const form = useForm<{ email_domain: string | null }>({
    resolver: domainChecks.resolver,
    defaultValues: { email_domain: current ?? own },
  });

  const save = (value: string | null) =>
    declare.mutate(value, {
      onSuccess: (updated) => {
        const declared = updated.email_domain;
        toast({
          title: declared
            ? t`Your employees can now verify with an address at ${declared}`
            : t`Email domain removed`,
          variant: 'success',
        });
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Verified employees</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Declare your company's email domain so that employees can prove they work for you with an address
            there. The reviews of you they write from then on show "Verified employee", once enough of your
            reviewers carry it that it cannot single one out; we never learn their addresses.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {user.email_verified ? (
          <form
            noValidate
            className="grid gap-3"
            onFocus={domainChecks.preload}
            onSubmit={form.handleSubmit(({ email_domain }) => save(email_domain))}
          >
            <p className="flex items-center gap-2 text-sm">
              <CheckCircle2 aria-hidden className="size-4 shrink-0 text-success" />
              <Trans>Your sign-in email {user.email} is confirmed.</Trans>
            </p>
            {current && (
              <p className="text-sm" role="status">
                <Trans>
                  Declared: <strong>{current}</strong>
                </Trans>
              </p>
            )}
            <Field
              label={<Trans>Email domain</Trans>}
              error={
                form.formState.errors.email_domain?.message ??
                (declare.isError ? getProblem(declare.error) : undefined)
              }
              hint={<Trans>It must be the domain of your own sign-in email ({own}).</Trans>}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register('email_domain', { onChange: () => declare.reset() })}
                  className="max-w-80"
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={declare.isPending}>
                {declare.isPending ? (
                  <Spinner label={t`Saving...`} className="text-current" />
                ) : (
                  <Trans>Save domain</Trans>
                )}
              </Button>
              {current && (
                <Button
                  type="button"
                  variant="outline"
                  disabled={declare.isPending}
                  onClick={() => save(null)}
                >
                  <Trans>Remove domain</Trans>
                </Button>
              )}
            </div>
          </form>
        ) : (
          <ConfirmEmail user={user} />
        )}
      </CardContent>
    </Card>
  );
}
