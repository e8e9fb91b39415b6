// Opens the rating form for a user: first the eligibility check, then the categories, then the form.
// Not eligible: 'Cannot Submit Rating' with the reason and Go Back (SPEC §2, §8).
import { Trans, useLingui } from '@lingui/react/macro';
import { contextForRole, MSG, type OwnUser, type PublicUser } from '@workspace/contracts';
import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { useRatingEligibility } from '../api/check-eligibility';
import { submitErrorMessage, useCreateRating } from '../api/create-rating';
import { useRatingCategories } from '../api/get-rating-categories';
import { RatingForm } from './rating-form';

function CannotRate({ reason, onBack }: { reason: string; onBack: () => void }) {
  useApiMessages();
  return (
    <div role="alert" className="grid justify-items-center gap-3 py-4 text-center">
      <Ban aria-hidden className="size-10 text-destructive" />
      <h2 className="font-semibold text-xl">
        <Trans>Cannot Submit Rating</Trans>
      </h2>
      <p className="text-muted-foreground">{translateApiMessage(reason)}</p>
      <Button variant="outline" onClick={onBack}>
        <Trans>Go Back</Trans>
      </Button>
    </div>
  );
}

export function RateUserPanel({
  rater,
  ratee,
  onClose,
}: {
  rater: OwnUser;
  ratee: PublicUser;
  onClose: () => void;
}) {
  // The route only opens the panel for employees and employers; moderators have no context.
  const context = contextForRole(rater.user_role) ?? 'EMPLOYEE_TO_COMPANY';
  const eligibility = useRatingEligibility(ratee.id, context);
  const categories = useRatingCategories(context);
  const create = useCreateRating();
  const { t } = useLingui();
  useApiMessages();
  const name = ratee.full_name;

  let body: ReactNode;
  if (eligibility.isPending) {
    body = <Spinner label={t`Checking rating eligibility...`} className="py-6" />;
  } else if (eligibility.isError) {
    // CannotRate shows the reason in the active language, whether it is the API's or this one.
    const failed = MSG.eligibilityFailed;
    body = <CannotRate reason={failed} onBack={onClose} />;
  } else if (!eligibility.data.eligible) {
    body = <CannotRate reason={eligibility.data.reason} onBack={onClose} />;
  } else if (categories.isPending) {
    body = <Spinner label={t`Loading rating categories...`} className="py-6" />;
  } else if (categories.isError) {
    body = (
      <div className="grid gap-3">
        <Alert variant="destructive">
          <AlertDescription>{translateApiMessage(MSG.categoriesLoadFailed)}</AlertDescription>
        </Alert>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => categories.refetch()}>
            <Trans>Try again</Trans>
          </Button>
          <Button variant="ghost" onClick={onClose}>
            <Trans>Go Back</Trans>
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <RatingForm
        rateeId={ratee.id}
        rateeName={ratee.full_name}
        context={context}
        categories={categories.data.categories}
        pending={create.isPending}
        error={create.isError ? translateApiMessage(submitErrorMessage(create.error)) : undefined}
        onCancel={onClose}
        onSubmit={(request) =>
          create.mutate(request, {
            onSuccess: (written) => {
              toast({
                title: t`Rating submitted`,
                // An anonymous rating waits for the next day's release (ADR 0030): say why it is not shown.
                description:
                  written.status === 'held'
                    ? t`Thank you for rating ${name}. Anonymous ratings are published together at the start of the next day in India, so that their time cannot point at their authors: yours is in My Ratings until then.`
                    : t`Thank you for rating ${name}.`,
                variant: 'success',
              });
              onClose();
            },
          })
        }
      />
    );
  }

  return (
    <Card className="border-primary/40">
      <CardContent>{body}</CardContent>
    </Card>
  );
}
