// "Notifications by mail" on the account page (DESIGN §9.3): each kind on or off (all on at first),
// and one mail a day instead. A change is saved at once. A rating received is always told in the
// daily mail: a mail at the moment it was written would date an anonymous rating. What happens to an
// anonymous rating is never mailed to its author (ADR 0025), and the card says so.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type NotificationSettingsPatch,
  notificationMailTypesFor,
  type UserRole,
} from '@workspace/contracts';
import { CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { MAIL_SETTINGS_ANCHOR } from '@/config/paths';
import { useAnchoredCard } from '@/lib/use-anchored-card';
import { useChangeNotificationSettings, useNotificationSettings } from '../api/notifications';
import { NOTIFICATION_TYPE_LABELS } from './notification-text';

/** `userRole`: the account's, whose kinds of mail are listed (an employer never verifies a work email). */
export function NotificationSettingsCard({ userRole }: { userRole: UserRole }) {
  const { t, i18n } = useLingui();
  const settings = useNotificationSettings();
  const change = useChangeNotificationSettings();
  // Opened from the notifications page's link: brought into view once its settings are here.
  const card = useAnchoredCard<HTMLDivElement>(MAIL_SETTINGS_ANCHOR, settings.isSuccess);
  // Each change is saved as it is made; the card says so, quietly, where the eye already is.
  const saved = change.isSuccess && !change.isPending;
  const save = (patch: NotificationSettingsPatch) =>
    change.mutate(patch, {
      onError: () =>
        toast({ title: t`Your mail settings could not be saved. Try again.`, variant: 'destructive' }),
    });
  return (
    <Card id={MAIL_SETTINGS_ANCHOR} ref={card} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center justify-between gap-2">
          <Trans>Notifications by mail</Trans>
          <span role="status" className="font-normal text-muted-foreground text-sm">
            {saved && (
              <span className="inline-flex items-center gap-1 text-success">
                <CheckCircle2 aria-hidden className="size-4" />
                <Trans>Saved</Trans>
              </span>
            )}
          </span>
        </CardTitle>
        <CardDescription>
          <Trans>
            Everything is also shown under the bell. Choose what comes by mail; every mail has a link that
            stops its kind at once.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!settings.data ? (
          <Skeleton className="h-40" />
        ) : (
          <>
            <fieldset className="grid gap-2">
              <legend className="mb-1 font-medium text-sm">
                <Trans>Mail me when</Trans>
              </legend>
              {notificationMailTypesFor(userRole).map((type) => {
                const id = `mail-${type}`;
                return (
                  <div key={type} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={settings.data.email[type]}
                      onCheckedChange={(on) => save({ email: { [type]: on === true } })}
                    />
                    <label htmlFor={id} className="text-sm">
                      {i18n._(NOTIFICATION_TYPE_LABELS[type])}
                    </label>
                  </div>
                );
              })}
            </fieldset>
            <div className="flex items-start gap-3 border-t pt-4">
              <Switch
                id="daily-digest"
                checked={settings.data.daily_digest}
                onCheckedChange={(on) => save({ daily_digest: on })}
                aria-describedby="daily-digest-hint"
              />
              <div className="grid gap-1">
                <label htmlFor="daily-digest" className="font-medium text-sm">
                  <Trans>One mail a day instead</Trans>
                </label>
                <p id="daily-digest-hint" className="text-muted-foreground text-sm">
                  <Trans>
                    Everything new in one mail each morning. Ratings you receive always come that way, so that
                    the time of a mail never points at an anonymous author.
                  </Trans>
                </p>
              </div>
            </div>
            {/* ADR 0025: these switches cover them too, but no mail is ever sent about them. */}
            <p className="border-t pt-4 text-muted-foreground text-sm">
              <Trans>
                What happens to a rating you wrote anonymously (a reply, a dispute, a decision) is shown under
                the bell only, never mailed: the company may run the mail server that would carry it, and a
                mail arriving just after its reply could point at you.
              </Trans>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
