import { LoadingSkeleton, navigate, safeReturnPath, toAppError, useOneTimeParams, type OneTimeParams } from '@sukoyaka/shared';
import { useEffect, useRef, useState } from 'react';
import { useVerifyMynaAuthorization } from '../api/myna-authorization';
import { MynaPage } from '../parts/MynaPage';
import { mistakePath } from './OutcomePages';

type Callback = { kind: 'code'; code: string; state: string } | { kind: 'denied' } | { kind: 'failed' };

/** What the portal sent back: `?code&state`, or `?error=access_denied` when the member cancelled. */
export function readCallback({ code, state, error }: OneTimeParams<'code' | 'state' | 'error'>): Callback {
  if (error === 'access_denied') return { kind: 'denied' };
  if (error || !code || !state) return { kind: 'failed' };
  return { kind: 'code', code, state };
}

/**
 * `/myna_connection/callback`: the portal returns here. The code and state go to
 * verifyMynaAuthorization once; then /complete, or /mistake with the reason.
 */
export function CallbackPage() {
  // Read once, then the whole query taken out of the address bar: the code is single-use and not for history.
  const params = useOneTimeParams(['code', 'state', 'error'], { removeAll: true });
  const [callback] = useState(() => readCallback(params));
  const verify = useVerifyMynaAuthorization();
  const sent = useRef(false);
  useEffect(() => {
    // Once only (a code works once): not again on a re-render or React's development double effect.
    if (sent.current) return;
    sent.current = true;
    if (callback.kind === 'denied') return navigate(mistakePath('cancelled'));
    if (callback.kind === 'failed') return navigate(mistakePath('no_code'));
    verify.mutate(
      { code: callback.code, state: callback.state },
      {
        onSuccess: ({ nextPath }) => navigate(safeReturnPath(nextPath)),
        onError: (error) => navigate(mistakePath(toAppError(error).serverCode ?? 'failed')),
      },
    );
  }, [callback, verify]);
  return (
    <MynaPage title="マイナポータル連携">
      <LoadingSkeleton label="マイナポータルと連携しています" rows={2} />
    </MynaPage>
  );
}
