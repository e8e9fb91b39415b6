// A LinkedIn address field whose example is the kind of page the account has: a person's profile,
// or a company's page (a company signing up was shown a person's address to copy).
import { useLingui } from '@lingui/react/macro';
import type { UserRole } from '@workspace/contracts';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

export function LinkedinInput({ role, ...props }: ComponentProps<typeof Input> & { role: UserRole }) {
  const { t } = useLingui();
  return (
    <Input
      type="url"
      inputMode="url"
      placeholder={
        role === 'employer'
          ? t`https://www.linkedin.com/company/your-company`
          : t`https://www.linkedin.com/in/your-name`
      }
      {...props}
    />
  );
}
