// A new password and its confirmation, as every form that sets one asks them (change and reset), each
// message beside its field.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LIMITS } from '@workspace/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';

/** What a new password must be, under every field that sets one (the server also refuses easy guesses). */
export const PASSWORD_HINT = msg`At least ${LIMITS.passwordMin} characters, and not a common password, a name or a keyboard pattern.`;

type NewPasswordField = 'new_password' | 'new_password_confirm';

export function NewPasswordFields({
  register,
  errors,
}: {
  /** The form's `register`. */
  register: (name: NewPasswordField) => UseFormRegisterReturn;
  errors: Partial<Record<NewPasswordField, { message?: string }>>;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field label={t`New password`} error={errors.new_password?.message} hint={t(PASSWORD_HINT)}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...register('new_password')} />
        )}
      </Field>
      <Field label={t`Confirm new password`} error={errors.new_password_confirm?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...register('new_password_confirm')} />
        )}
      </Field>
    </>
  );
}
