// Edit mode of the own profile (SPEC §4, §5): name, city, LinkedIn, skills and work history for
// employees, and the privacy checkbox ('Public Details' / 'Private Details'). The values are shaped
// into the request and checked with the API's own schema, so every rule and message is the server's.
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type OwnUser,
  type ProfileUpdateRequest,
  profileUpdateRequest,
  type WorkEntry,
} from '@workspace/contracts';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CityInput } from '@/components/city-input';
import { LinkedinInput } from '@/components/linkedin-input';
import { SkillsInput } from '@/components/skills-input';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { completeWorkEntries, WorkHistoryEditor } from '@/components/work-history-editor';
import { translateApiMessage } from '@/lib/api-messages';
import { formatCity } from '@/lib/cities';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { updateProfileErrorMessage, useUpdateProfile } from '../api/update-profile';

export interface ProfileFormValues {
  full_name: string;
  city: string;
  linkedin_url: string;
  skills: string[];
  work_history: WorkEntry[];
  show_rating_details: boolean;
}

export const PRIVACY_LABELS = { public: msg`Public Details`, private: msg`Private Details` } as const;

function profileFormValues(user: OwnUser): ProfileFormValues {
  return {
    full_name: user.full_name,
    // As the reader's language writes it, as the field's suggestions are; stored as the kept name.
    city: formatCity(user.city),
    linkedin_url: user.linkedin_url ?? '',
    skills: [...user.skills],
    work_history: user.work_history.map((entry) => ({ ...entry })),
    show_rating_details: user.show_rating_details,
  };
}

/** The PATCH body: skills and work history for employees only, incomplete experiences dropped. */
function toProfilePayload(values: ProfileFormValues, isEmployee: boolean): ProfileUpdateRequest {
  const { skills, work_history, ...common } = values;
  return isEmployee ? { ...common, skills, work_history: completeWorkEntries(work_history) } : common;
}

const formSchema = (isEmployee: boolean) =>
  z
    .object({
      full_name: z.string(),
      city: z.string(),
      linkedin_url: z.string(),
      skills: z.array(z.string()),
      work_history: z.array(z.object({ company: z.string(), position: z.string(), duration: z.string() })),
      show_rating_details: z.boolean(),
    })
    .transform((values) => toProfilePayload(values, isEmployee))
    .pipe(profileUpdateRequest);

// In the order the form shows them: the first the server refuses takes the focus.
const FORM_FIELDS = [
  'full_name',
  'city',
  'linkedin_url',
  'skills',
  'work_history',
  'show_rating_details',
] as const;

export function ProfileEditForm({
  user,
  onSaved,
  onCancel,
}: {
  user: OwnUser;
  onSaved: (user: OwnUser) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const isEmployee = user.user_role === 'employee';
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues, unknown, ProfileUpdateRequest>({
    resolver: zodResolver(formSchema(isEmployee)),
    defaultValues: profileFormValues(user),
  });
  const { errors, isSubmitted } = form.formState;
  const isPublic = form.watch('show_rating_details');

  const submit = form.handleSubmit(() =>
    update.mutate(toProfilePayload(form.getValues(), isEmployee), {
      onSuccess: onSaved,
      onError: (error) => showServerFieldErrors(form.setError, error, FORM_FIELDS),
    }),
  );

  return (
    <form noValidate onSubmit={submit} aria-label={t`Edit profile`} className="grid gap-5">
      {update.isError && (
        <Alert variant="destructive">
          <AlertDescription>{translateApiMessage(updateProfileErrorMessage(update.error))}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={user.user_role === 'employer' ? t`Company name` : t`Full name`}
          error={errors.full_name?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete={user.user_role === 'employer' ? 'organization' : 'name'}
              {...form.register('full_name')}
            />
          )}
        </Field>
        <Field label={t`City`} error={errors.city?.message}>
          {(control) => <CityInput {...control} {...form.register('city')} />}
        </Field>
        <Field label={t`LinkedIn URL`} error={errors.linkedin_url?.message} className="sm:col-span-2">
          {(control) => (
            <LinkedinInput {...control} role={user.user_role} {...form.register('linkedin_url')} />
          )}
        </Field>
      </div>
      {isEmployee && (
        <>
          <Controller
            control={form.control}
            name="skills"
            render={({ field }) => (
              <SkillsInput value={field.value} onChange={field.onChange} error={errors.skills?.message} />
            )}
          />
          <Controller
            control={form.control}
            name="work_history"
            render={({ field }) => (
              <WorkHistoryEditor
                value={field.value}
                onChange={field.onChange}
                showErrors={isSubmitted}
                error={errors.work_history?.message ?? errors.work_history?.root?.message}
              />
            )}
          />
        </>
      )}
      <div className="grid gap-2 rounded-lg border bg-muted/40 p-3 sm:p-4">
        <Controller
          control={form.control}
          name="show_rating_details"
          render={({ field }) => (
            <div className="flex items-center gap-3">
              <Checkbox
                id="show-rating-details"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-describedby="show-rating-details-hint"
              />
              <Label htmlFor="show-rating-details">
                {i18n._(isPublic ? PRIVACY_LABELS.public : PRIVACY_LABELS.private)}
              </Label>
            </div>
          )}
        />
        <p id="show-rating-details-hint" className="text-muted-foreground text-sm">
          {isPublic
            ? t`Others see your reviews, category scores and review count. Untick to keep them private.`
            : t`Others see only your average rating; your reviews, category scores and review count stay private.`}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={update.isPending}
          onClick={() => {
            form.reset(profileFormValues(user));
            update.reset();
            onCancel();
          }}
        >
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? (
            <Spinner label={t`Saving...`} className="text-primary-foreground" />
          ) : (
            <Trans>Save Changes</Trans>
          )}
        </Button>
      </div>
    </form>
  );
}
