import { LoadingSkeleton } from '@sukoyaka/shared';
import type { ReactNode } from 'react';
import { usePasswordConfirmation } from './use-password-confirmation';

/** Shows its children once the password is freshly confirmed; sends to /prompt_auth otherwise. */
export function PasswordConfirmed({ children }: { children: ReactNode }) {
  const confirmed = usePasswordConfirmation();
  return confirmed ? <>{children}</> : <LoadingSkeleton label="本人確認の状態を確認しています" rows={2} />;
}
