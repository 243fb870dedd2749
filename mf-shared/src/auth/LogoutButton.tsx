import { useState } from 'react';
import { describeError } from '../forms/form-errors';
import { Button, FieldErrorText } from '../ui/primitives';
import { logoutAndGoToLogin } from './logout';

export function LogoutButton() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      await logoutAndGoToLogin();
    } catch (thrown) {
      setError(
        thrown instanceof Error && !('statusCode' in thrown)
          ? 'ログアウトできませんでした。ページを再読み込みしてからもう一度お試しください。'
          : describeError(thrown),
      );
      setBusy(false);
    }
  };
  return (
    <div>
      <Button variant="secondary" onClick={onClick} busy={busy}>
        ログアウト
      </Button>
      {error ? <FieldErrorText role="alert">{error}</FieldErrorText> : null}
    </div>
  );
}
