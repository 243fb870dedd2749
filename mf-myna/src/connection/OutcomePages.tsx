import { MYNA_MESSAGES, MynaErrorCodes } from '@sukoyaka/contract/myna-terms';
import { Actions, AppLink, ButtonLinkStyle, Card, LoadingSkeleton, Notice, Stack, Text, LoadFailure } from '@sukoyaka/shared';
import { useMynaConnectionState } from '../api/get-myna-connection-state';
import { MynaPage } from '../parts/MynaPage';
import { mynaPagePaths } from '../paths';

/** /mistake's `reason`: an error code of verifyMynaAuthorization, or what the callback itself saw. */
export const mistakePath = (reason: string) => `${mynaPagePaths.mistake}?reason=${encodeURIComponent(reason)}`;

const REASONS: Record<string, string> = {
  cancelled: 'マイナポータルでの連携がキャンセルされました。',
  no_code: 'マイナポータルから連携に必要な情報が届きませんでした。',
  [MynaErrorCodes.stateInvalid]: MYNA_MESSAGES.stateInvalid,
  [MynaErrorCodes.stateMismatch]: MYNA_MESSAGES.stateMismatch,
  [MynaErrorCodes.codeInvalid]: MYNA_MESSAGES.codeInvalid,
  [MynaErrorCodes.nonceMismatch]: MYNA_MESSAGES.nonceMismatch,
  [MynaErrorCodes.unavailable]: MYNA_MESSAGES.unavailable,
  [MynaErrorCodes.agreementRequired]: MYNA_MESSAGES.agreementRequired,
};

/** `/myna_connection/mistake?reason=…`: what went wrong, and what to do next. */
export function MistakePage() {
  const reason = new URLSearchParams(window.location.search).get('reason') ?? '';
  const message = REASONS[reason] ?? 'マイナポータルとの連携を完了できませんでした。';
  const needsAgreement = reason === MynaErrorCodes.agreementRequired;
  return (
    <MynaPage title="連携できませんでした">
      <Card>
        <Stack $gap={2}>
          <Notice role="alert">{message}</Notice>
          <Text>
            {reason === 'cancelled'
              ? '連携するには、もう一度「マイナンバーカードで連携する」を押し、マイナポータルの画面で情報の提供を許可してください。'
              : 'お手数ですが、マイナポータル連携のページからもう一度お試しください。何度試しても連携できない場合は、お問い合わせください。'}
          </Text>
          <Actions>
            <ButtonLinkStyle as={AppLink} href={needsAgreement ? mynaPagePaths.agreements : mynaPagePaths.top}>
              {needsAgreement ? '利用規約を確認する' : 'もう一度連携する'}
            </ButtonLinkStyle>
            <AppLink href="/inquiry/new">お問い合わせ</AppLink>
          </Actions>
        </Stack>
      </Card>
    </MynaPage>
  );
}

/** `/myna_connection/complete`: linked; on to the secret question (first time) or the import. */
export function CompletePage() {
  const state = useMynaConnectionState();
  return (
    <MynaPage title="連携が完了しました">
      <Card>
        <Stack $gap={2}>
          <Notice role="status">マイナンバーカードでマイナポータルと連携しました。</Notice>
          {state.isPending ? <LoadingSkeleton label="次の手順を確認しています" rows={1} /> : null}
          {state.isError ? <LoadFailure what="連携状況" error={state.error} retry={() => void state.refetch()} /> : null}
          {state.data && !state.data.secretQuestion.registered ? (
            <>
              <Text>
                次に、秘密の質問を登録してください。健診結果などの大切な情報を見るときに、ご本人であることを確かめるために使います。
              </Text>
              <Actions>
                <ButtonLinkStyle as={AppLink} href={mynaPagePaths.secretQuestionGuidance}>
                  秘密の質問を登録する
                </ButtonLinkStyle>
              </Actions>
            </>
          ) : null}
          {state.data?.secretQuestion.registered ? (
            <>
              <Text>マイナポータルから健診結果、お薬、医療費の情報を取り込みましょう。</Text>
              <Actions>
                <ButtonLinkStyle as={AppLink} href={mynaPagePaths.import}>
                  情報を取り込む
                </ButtonLinkStyle>
                <AppLink href={mynaPagePaths.top}>マイナポータル連携に戻る</AppLink>
              </Actions>
            </>
          ) : null}
        </Stack>
      </Card>
    </MynaPage>
  );
}
