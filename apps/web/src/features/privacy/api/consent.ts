// POST /api/auth/consent/: the signed-in person accepts the notice in force (DESIGN §8.3).
import { useMutation } from '@tanstack/react-query';
import { PRIVACY_NOTICE_VERSION } from '@workspace/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

const acceptConsent = () =>
  api.post<{ consent_version: string; consent_required: boolean }>('/auth/consent/', {
    version: PRIVACY_NOTICE_VERSION,
  });

export function useAcceptConsent() {
  const { user, setUser } = useSession();
  return useMutation({
    mutationFn: acceptConsent,
    onSuccess: (answer) => {
      if (user)
        setUser({
          ...user,
          consent_version: answer.consent_version,
          consent_required: answer.consent_required,
        });
    },
  });
}
