import type { MynaAgreement } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  FactRows,
  FormError,
  LoadingSkeleton,
  Notice,
  SectionHeading,
  Stack,
  Text,
  describeError,
  LoadFailure,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { useAgreeMynaTerms, useMynaAgreement, useWithdrawMynaTerms } from '../api/myna-agreement';
import { formatDateTime } from '../format';
import { CheckedAction } from '../parts/CheckedAction';
import { MynaPage } from '../parts/MynaPage';
import { mynaPagePaths } from '../paths';

/** `/myna_connection/agreements`: the versioned terms; agree, or withdraw once agreed. */
export function AgreementsPage() {
  const agreement = useMynaAgreement();
  return (
    <MynaPage title="マイナポータル連携の利用規約">
      {agreement.isPending ? <LoadingSkeleton label="利用規約を読み込んでいます" /> : null}
      {agreement.isError ? <LoadFailure what="利用規約" error={agreement.error} retry={() => void agreement.refetch()} /> : null}
      {agreement.data ? <Terms agreement={agreement.data} /> : null}
    </MynaPage>
  );
}

function Terms({ agreement }: { agreement: MynaAgreement }) {
  const agree = useAgreeMynaTerms();
  return (
    <>
      <Card aria-labelledby="myna-terms-title">
        <Stack $gap={2}>
          <Stack $gap={0.5}>
            <SectionHeading id="myna-terms-title">{agreement.title}</SectionHeading>
            <Text $muted>
              第{agreement.version}版（{formatDateTime(agreement.publishedAt)}公開）
            </Text>
          </Stack>
          <section aria-labelledby="myna-terms-items">
            <h3 id="myna-terms-items" style={{ margin: '0 0 8px', fontSize: '1rem' }}>
              マイナポータルから取得する情報
            </h3>
            <FactRows>
              {agreement.dataItems.map((item) => (
                <div key={item.name} style={{ display: 'contents' }}>
                  <dt>{item.name}</dt>
                  <dd style={{ fontWeight: 400 }}>{item.description}</dd>
                </div>
              ))}
            </FactRows>
          </section>
          {agreement.sections.map((section) => (
            <section key={section.heading}>
              <h3 style={{ margin: '0 0 4px', fontSize: '1rem' }}>{section.heading}</h3>
              <Text style={{ whiteSpace: 'pre-line' }}>{section.body}</Text>
            </section>
          ))}
        </Stack>
      </Card>
      {agree.isSuccess ? (
        <AgreedNow />
      ) : agreement.agreed ? (
        <Agreed agreement={agreement} />
      ) : (
        <Agree agreement={agreement} agree={agree} />
      )}
      {agreement.history.length > 0 ? (
        <Card aria-labelledby="myna-terms-history">
          <SectionHeading id="myna-terms-history">同意の履歴</SectionHeading>
          <FactRows>
            {agreement.history.map((entry) => (
              <div key={`${entry.at}-${entry.action}`} style={{ display: 'contents' }}>
                <dt style={{ fontWeight: 400 }}>{formatDateTime(entry.at)}</dt>
                <dd>
                  第{entry.version}版に{entry.action === 'agreed' ? '同意' : '同意を取り消し'}
                </dd>
              </div>
            ))}
          </FactRows>
        </Card>
      ) : null}
    </>
  );
}

/** Just agreed: on to linking. */
function AgreedNow() {
  return (
    <Card>
      <Stack $gap={2}>
        <Notice role="status">利用規約に同意しました。</Notice>
        <Actions>
          <ButtonLinkStyle as={AppLink} href={mynaPagePaths.top}>
            連携に進む
          </ButtonLinkStyle>
        </Actions>
      </Stack>
    </Card>
  );
}

function Agree({ agreement, agree }: { agreement: MynaAgreement; agree: ReturnType<typeof useAgreeMynaTerms> }) {
  return (
    <Card aria-labelledby="myna-agree-heading">
      <Stack $gap={2}>
        <SectionHeading id="myna-agree-heading">同意</SectionHeading>
        {agreement.agreedVersion !== null ? (
          <Text>
            利用規約が更新されました（第{agreement.agreedVersion}版から第{agreement.version}
            版へ）。内容をご確認のうえ、もう一度同意してください。
          </Text>
        ) : null}
        {agree.isError ? <FormError>{describeError(agree.error)}</FormError> : null}
        <CheckedAction
          label="上記の利用規約を読み、内容に同意します"
          missingMessage="同意する場合はチェックを入れてください"
          action="同意する"
          busy={agree.isPending}
          onAct={() => agree.mutate(agreement.version)}
        >
          <AppLink href={mynaPagePaths.top}>同意せずに戻る</AppLink>
        </CheckedAction>
      </Stack>
    </Card>
  );
}

function Agreed({ agreement }: { agreement: MynaAgreement }) {
  const withdraw = useWithdrawMynaTerms();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card aria-labelledby="myna-agreed-heading">
      <Stack $gap={2}>
        <SectionHeading id="myna-agreed-heading">同意の状況</SectionHeading>
        <Notice role="status">
          第{agreement.agreedVersion}版に{agreement.agreedAt ? `${formatDateTime(agreement.agreedAt)}に` : ''}同意しています。
        </Notice>
        <Text $muted>
          同意を取り消すと、新しい情報の取り込みができなくなります。取り込み済みの情報は残ります。削除する場合は「取り込んだ情報と連携を削除する」から行ってください。
        </Text>
        {withdraw.isError ? <FormError>{describeError(withdraw.error)}</FormError> : null}
        {confirming ? (
          <Stack $gap={1} role="group" aria-labelledby="myna-withdraw-confirm">
            <Text id="myna-withdraw-confirm">利用規約への同意を取り消しますか？</Text>
            <Actions>
              <Button
                variant="secondary"
                busy={withdraw.isPending}
                onClick={() => withdraw.mutate(undefined, { onSettled: () => setConfirming(false) })}
              >
                取り消す
              </Button>
              <Button variant="text" disabled={withdraw.isPending} onClick={() => setConfirming(false)}>
                キャンセル
              </Button>
            </Actions>
          </Stack>
        ) : (
          <Actions>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              同意を取り消す
            </Button>
            <AppLink href={mynaPagePaths.removeSensitives}>取り込んだ情報と連携を削除する</AppLink>
          </Actions>
        )}
      </Stack>
    </Card>
  );
}
