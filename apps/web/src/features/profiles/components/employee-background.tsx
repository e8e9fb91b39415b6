// An employee's skills and work history (employers have neither).
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicUser } from '@workspace/contracts';
import { Briefcase } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function EmployeeBackground({ user }: { user: PublicUser }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Skills</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {user.skills.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              <Trans>No skills listed.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Skills`} className="flex flex-wrap gap-2">
              {user.skills.map((skill) => (
                <li key={skill}>
                  <Badge variant="secondary" className="text-sm">
                    {skill}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Work History</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {user.work_history.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              <Trans>No work history listed.</Trans>
            </p>
          ) : (
            <ol className="grid gap-4">
              {user.work_history.map((entry, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
                  key={index}
                  className="flex gap-3"
                >
                  <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary">
                    <Briefcase aria-hidden className="size-4 text-primary" />
                  </span>
                  <div className="grid gap-0.5">
                    <p className="font-medium">{entry.position}</p>
                    <p className="text-sm">{entry.company}</p>
                    <p className="text-muted-foreground text-sm">{entry.duration}</p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
