import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  PRIVACY_NOTICE_VERSION,
  REGISTRABLE_ROLES,
  type RegisterRequest,
  type RegistrableRole,
  registerRequest,
  type WorkEntry,
} from '@workspace/contracts';
import { Briefcase, Building2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CityInput } from '@/components/city-input';
import { LinkedinInput } from '@/components/linkedin-input';
import { PASSWORD_HINT } from '@/components/new-password-fields';
import { SkillsInput } from '@/components/skills-input';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { completeWorkEntries, WorkHistoryEditor } from '@/components/work-history-editor';
import { paths } from '@/config/paths';
import { translateApiMessage } from '@/lib/api-messages';
import { cn } from '@/lib/cn';
import { activeLanguage } from '@/lib/i18n';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { registerErrorMessage, useRegister } from '../api/register';

export interface RegisterFormValues {
  email: string;
  full_name: string;
  password: string;
  password_confirm: string;
  user_role: RegistrableRole;
  city: string;
  linkedin_url: string;
  skills: string[];
  work_history: WorkEntry[];
}

/** The request the form sends: skills and work history for employees only, incomplete entries dropped. */
export function toRegisterPayload(values: RegisterFormValues): RegisterRequest {
  const { skills, work_history, ...common } = values;
  return common.user_role === 'employee'
    ? { ...common, skills, work_history: completeWorkEntries(work_history) }
    : common;
}

// The form's values are shaped into the request and checked with the API's own schema, so every
// rule and message is the server's (contracts).
const registerFormSchema = z
  .object({
    email: z.string(),
    full_name: z.string(),
    password: z.string(),
    password_confirm: z.string(),
    user_role: z.custom<RegistrableRole>(),
    city: z.string(),
    linkedin_url: z.string(),
    skills: z.array(z.string()),
    work_history: z.array(z.object({ company: z.string(), position: z.string(), duration: z.string() })),
  })
  .transform(toRegisterPayload)
  .pipe(registerRequest);

const ROLE_OPTIONS: Record<
  RegistrableRole,
  { label: MessageDescriptor; hint: MessageDescriptor; icon: typeof Briefcase }
> = {
  employee: { label: msg`Employee`, hint: msg`Rate the companies you work for`, icon: Briefcase },
  employer: { label: msg`Employer`, hint: msg`Rate the people you employ`, icon: Building2 },
};

// In the order the form shows them: the first the server refuses takes the focus.
const FORM_FIELDS = [
  'user_role',
  'full_name',
  'email',
  'password',
  'password_confirm',
  'city',
  'linkedin_url',
  'skills',
  'work_history',
] as const;

export function RegisterForm({
  onSuccess,
  defaultRole = 'employee',
}: {
  /** With the email the account was made with, for the sign-in that follows. */
  onSuccess: (email: string) => void;
  defaultRole?: RegistrableRole;
}) {
  const { t } = useLingui();
  const registration = useRegister();
  const form = useForm<RegisterFormValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      email: '',
      full_name: '',
      password: '',
      password_confirm: '',
      user_role: defaultRole,
      city: '',
      linkedin_url: '',
      skills: [],
      work_history: [],
    },
  });
  const { errors, isSubmitted } = form.formState;
  const role = form.watch('user_role');
  // Consent to the notice in force (DESIGN §8.3): asked here, recorded with the account.
  const consentId = useId();
  const [consented, setConsented] = useState(false);
  const consentMissing = isSubmitted && !consented;

  const validSubmit = form.handleSubmit(() => {
    if (!consented) return;
    // The account keeps the language the person registered in (DESIGN §8.4).
    registration.mutate(
      {
        ...toRegisterPayload(form.getValues()),
        language: activeLanguage(),
        consent_version: PRIVACY_NOTICE_VERSION,
      },
      {
        onSuccess: (_answer, payload) => onSuccess(payload.email),
        onError: (error) => showServerFieldErrors(form.setError, error, FORM_FIELDS),
      },
    );
  });

  return (
    <form noValidate onSubmit={validSubmit} className="grid gap-5">
      {registration.isError && (
        <Alert variant="destructive">
          <AlertDescription>{translateApiMessage(registerErrorMessage(registration.error))}</AlertDescription>
        </Alert>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">
          <Trans>I am joining as</Trans>
        </legend>
        <Controller
          control={form.control}
          name="user_role"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={(value) => field.onChange(value as RegistrableRole)}
              className="grid-cols-1 sm:grid-cols-2"
              aria-label={t`Role`}
            >
              {REGISTRABLE_ROLES.map((value) => {
                const option = ROLE_OPTIONS[value];
                const Icon = option.icon;
                return (
                  <label
                    key={value}
                    htmlFor={`role-${value}`}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-accent/60',
                      field.value === value && 'border-primary bg-primary/5',
                    )}
                  >
                    <RadioGroupItem id={`role-${value}`} value={value} className="mt-0.5" />
                    <span className="grid gap-1">
                      <span className="flex items-center gap-2 font-medium">
                        <Icon aria-hidden className="size-4 text-primary" />
                        {t(option.label)}
                      </span>
                      <span className="text-muted-foreground text-sm">{t(option.hint)}</span>
                    </span>
                  </label>
                );
              })}
            </RadioGroup>
          )}
        />
        <FieldError message={errors.user_role?.message} />
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={role === 'employer' ? t`Company name` : t`Full name`} error={errors.full_name?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete={role === 'employer' ? 'organization' : 'name'}
              {...form.register('full_name')}
            />
          )}
        </Field>
        <Field label={t`Email`} error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label={t`Password`} error={errors.password?.message} hint={t(PASSWORD_HINT)}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
          )}
        </Field>
        <Field label={t`Confirm password`} error={errors.password_confirm?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('password_confirm')} />
          )}
        </Field>
        <Field label={t`City`} error={errors.city?.message}>
          {(control) => <CityInput {...control} {...form.register('city')} />}
        </Field>
        <Field label={t`LinkedIn URL (optional)`} error={errors.linkedin_url?.message}>
          {(control) => <LinkedinInput {...control} role={role} {...form.register('linkedin_url')} />}
        </Field>
      </div>
      {role === 'employee' && (
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
                error={errors.work_history?.message}
              />
            )}
          />
        </>
      )}
      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <Checkbox
            id={consentId}
            checked={consented}
            onCheckedChange={(checked) => setConsented(checked === true)}
            aria-invalid={consentMissing}
            aria-describedby={consentMissing ? `${consentId}-error` : undefined}
            className="mt-0.5"
          />
          <Label htmlFor={consentId} className="block font-normal leading-relaxed">
            <Trans>
              I have read and accept the <TextLink to={paths.privacy.getHref()}>privacy notice</TextLink> and
              the <TextLink to={paths.terms.getHref()}>terms of use</TextLink>.
            </Trans>
          </Label>
        </div>
        {consentMissing && (
          <p id={`${consentId}-error`} className="text-destructive text-sm">
            {t`Please accept the privacy notice and terms of use to create an account.`}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={registration.isPending}>
        {registration.isPending ? (
          <Spinner label={t`Creating account...`} className="text-primary-foreground" />
        ) : (
          <Trans>Create Account</Trans>
        )}
      </Button>
    </form>
  );
}
