// A company's email domain on its account page (DESIGN §8.2): declared, it lets employees verify
// with an address there. Only the domain of the company's own sign-in email is accepted, and never a
// free mail service (the server decides and says why).
import { Trans, useLingui } from '@lingui/react/macro';
import type { OwnUser } from '@workspace/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getProblem } from '@/lib/api-client';
import { useDeclareDomain } from '../api/work-email';

/** For companies (the route shows it to them only). */
export function EmailDomainCard({ user }: { user: OwnUser }) {
  const { t } = useLingui();
  const declare = useDeclareDomain();
  const own = user.email.slice(user.email.lastIndexOf('@') + 1);
  const [domain, setDomain] = useState(user.email_domain ?? own);
  const current = user.email_domain;

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
            there. Their reviews of you then show "Verified employee"; we never learn their addresses.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            save(domain.trim());
          }}
        >
          {current && (
            <p className="text-sm" role="status">
              <Trans>
                Declared: <strong>{current}</strong>
              </Trans>
            </p>
          )}
          <Field
            label={<Trans>Email domain</Trans>}
            error={declare.isError ? getProblem(declare.error) : undefined}
            hint={<Trans>It must be the domain of your own sign-in email ({own}).</Trans>}
          >
            {(control) => (
              <Input
                {...control}
                value={domain}
                onChange={(event) => {
                  setDomain(event.target.value);
                  declare.reset();
                }}
                className="max-w-80"
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={declare.isPending || domain.trim() === ''}>
              {declare.isPending ? (
                <Spinner label={t`Saving...`} className="text-current" />
              ) : (
                <Trans>Save domain</Trans>
              )}
            </Button>
            {current && (
              <Button type="button" variant="outline" disabled={declare.isPending} onClick={() => save(null)}>
                <Trans>Remove domain</Trans>
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
