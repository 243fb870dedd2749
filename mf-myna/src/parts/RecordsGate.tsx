import { ErrorCodes } from '@sukoyaka/contract';
import { MynaErrorCodes } from '@sukoyaka/contract/myna-terms';
import { LoadingSkeleton, navigate, toAppError, LoadFailure } from '@sukoyaka/shared';
import { useEffect, type ReactNode } from 'react';
import { useMynaConnectionState } from '../api/get-myna-connection-state';
import { currentPath, mynaPagePaths, withReturnTo } from '../paths';
import { LinkStep } from './LinkStep';

const isFresh = (until: string | null) => until !== null && new Date(until).getTime() > Date.now();

/** Without a card linked: what the records are and where to link. */
export function NotLinked() {
  return (
    <LinkStep href={mynaPagePaths.top} action="マイナポータルと連携する">
      マイナポータルと連携すると、健診結果やお薬、医療費の情報をここで確認できます。
    </LinkStep>
  );
}

function SecretQuestionMissing() {
  return (
    <LinkStep href={mynaPagePaths.secretQuestionGuidance} action="秘密の質問を登録する">
      取り込んだ情報を見るには、先に秘密の質問を登録してください。
    </LinkStep>
  );
}

function ToVerify() {
  // To the secret question, and back here (also from another area's page that mounts the records).
  useEffect(() => navigate(withReturnTo(mynaPagePaths.verify, currentPath())), []);
  return <LoadingSkeleton label="秘密の質問の確認に移ります" rows={1} />;
}

/**
 * Shows the records only when they can be read: a card linked (or records kept), a secret
 * question registered and freshly answered; otherwise the step that is missing. The bff decides
 * all the same: a lapsed answer's 403 sends the member to /verify (mf-shared's query client).
 */
export function RecordsGate({ what, children }: { what: string; children: ReactNode }) {
  const state = useMynaConnectionState();
  if (state.isPending) return <LoadingSkeleton label={`${what}を読み込んでいます`} />;
  if (state.isError) return <LoadFailure what="連携状況" error={state.error} retry={() => void state.refetch()} />;
  const data = state.data;
  if (!data.linked && !data.hasRecords) return <NotLinked />;
  if (!data.secretQuestion.registered) return <SecretQuestionMissing />;
  if (!isFresh(data.secretQuestion.authenticatedUntil)) {
    // A cached state may predate the answer just given: decide on the one being read again.
    return state.isFetching ? <LoadingSkeleton label={`${what}を読み込んでいます`} /> : <ToVerify />;
  }
  return <>{children}</>;
}

/** A failed read of the records: the missing step when the bff names one, else the failure with a retry. */
export function RecordsFailure({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  const code = toAppError(error).serverCode;
  // The query client is already on its way to /verify.
  if (code === ErrorCodes.mynaSecretQuestionAuthenticationRequired) return <LoadingSkeleton label="秘密の質問の確認に移ります" rows={1} />;
  if (code === MynaErrorCodes.notLinked) return <NotLinked />;
  if (code === MynaErrorCodes.secretQuestionRequired) return <SecretQuestionMissing />;
  return <LoadFailure what={what} error={error} retry={retry} />;
}
