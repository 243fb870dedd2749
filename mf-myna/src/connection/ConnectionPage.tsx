import type { MynaConnectionState } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  FactRows,
  FormError,
  List,
  LoadingSkeleton,
  Notice,
  SectionHeading,
  Stack,
  Text,
  describeError,
  LoadFailure,
} from '@sukoyaka/shared';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useMynaConnectionState } from '../api/get-myna-connection-state';
import { useStartMynaAuthorization } from '../api/myna-authorization';
import { formatDateTime } from '../format';
import { MynaPage } from '../parts/MynaPage';
import { mynaPagePaths } from '../paths';
import { describeImport } from './import-status';
import { LinkStep } from '../parts/LinkStep';

const FETCHED = [
  { name: '特定健診の結果', description: '身長・体重、血圧、脂質、血糖、肝機能などの検査値と判定' },
  { name: '薬剤情報', description: '薬局で受け取ったお薬の名前（一般名）、量、日数' },
  { name: '医療費通知情報', description: '医療機関ごと・月ごとの医療費と窓口で支払った額' },
] as const;

const Links = styled(List)`
  li a {
    display: block;
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing(1.25, 0)};
    font-weight: 700;
  }
`;

/** `/myna_connection`: what is fetched and why, the connection's state, and the next step. */
export function ConnectionPage({ go }: { go?: (url: string) => void }) {
  return (
    <MynaPage title="マイナポータル連携">
      <Card aria-labelledby="myna-about-heading">
        <Stack $gap={1.5}>
          <SectionHeading id="myna-about-heading">マイナポータル連携でできること</SectionHeading>
          <Text>
            マイナンバーカードでマイナポータルと連携すると、健康保険組合などが持っているあなたの健診結果やお薬、医療費の情報をすこやかで確認できます。
          </Text>
          <FactRows aria-label="取り込む情報">
            {FETCHED.map((item) => (
              <div key={item.name} style={{ display: 'contents' }}>
                <dt>{item.name}</dt>
                <dd style={{ fontWeight: 400 }}>{item.description}</dd>
              </div>
            ))}
          </FactRows>
          <Text $muted>
            ご自身の健康状態をふり返り、受診の際に医師に見せるために使います。取り込んだ情報は暗号化して保管し、いつでもファイルに書き出したり、すべて削除したりできます。
          </Text>
        </Stack>
      </Card>
      <State go={go} />
    </MynaPage>
  );
}

function State({ go }: { go?: ((url: string) => void) | undefined }) {
  const state = useMynaConnectionState();
  if (state.isPending) return <LoadingSkeleton label="連携状況を読み込んでいます" />;
  if (state.isError) return <LoadFailure what="連携状況" error={state.error} retry={() => void state.refetch()} />;
  return <NextStep state={state.data} go={go} />;
}

/** Sends the member to the portal's authorization page (a fresh state each press). */
export function ConnectButton({ go, label }: { go?: ((url: string) => void) | undefined; label: string }) {
  const start = useStartMynaAuthorization(go);
  return (
    <Stack $gap={1}>
      {start.isError ? <FormError>{describeError(start.error)}</FormError> : null}
      <Actions>
        <Button busy={start.isPending || start.isSuccess} onClick={() => start.mutate()}>
          {label}
        </Button>
      </Actions>
    </Stack>
  );
}

function NextStep({ state, go }: { state: MynaConnectionState; go?: ((url: string) => void) | undefined }) {
  if (!state.available) {
    return (
      <Card>
        <Notice role="status">現在マイナポータル連携はご利用いただけません。</Notice>
      </Card>
    );
  }
  const connectButton = <ConnectButton go={go} label={state.linked ? 'もう一度連携する' : 'マイナンバーカードで連携する'} />;

  return (
    <>
      <Card aria-labelledby="myna-state-heading">
        <Stack $gap={2}>
          <SectionHeading id="myna-state-heading">連携状況</SectionHeading>
          <FactRows>
            <dt>利用規約</dt>
            <dd>
              {state.agreement.agreed ? `同意済み（第${state.agreement.agreedVersion ?? state.agreement.currentVersion}版）` : '未同意'}
            </dd>
            <dt>マイナンバーカード</dt>
            <dd>
              {!state.linked
                ? '未連携'
                : state.relinkRequired
                  ? '連携の有効期限切れ（もう一度連携してください）'
                  : `連携済み${state.linkedAt ? `（${formatDateTime(state.linkedAt)}）` : ''}`}
            </dd>
            <dt>秘密の質問</dt>
            <dd>{state.secretQuestion.registered ? '登録済み' : '未登録'}</dd>
            <dt>最後の取り込み</dt>
            <dd>{state.lastImportedAt ? formatDateTime(state.lastImportedAt) : 'まだ取り込んでいません'}</dd>
          </FactRows>
          {state.latestImport ? <Text aria-live="polite">{describeImport(state.latestImport)}</Text> : null}
          {!state.agreement.agreed ? (
            <LinkStep href={mynaPagePaths.agreements} action="利用規約を読んで同意する" gap={1}>
              {state.agreement.agreedVersion === null
                ? 'はじめに、マイナポータル連携の利用規約をお読みいただき、同意してください。'
                : '利用規約が更新されました。新しい内容をお読みいただき、もう一度同意してください。'}
            </LinkStep>
          ) : !state.linked ? (
            <Stack $gap={1}>
              <Text>
                「マイナンバーカードで連携する」を押すとマイナポータルの画面に移ります。マイナンバーカードで本人確認をして、情報の提供を許可してください。
              </Text>
              {connectButton}
            </Stack>
          ) : state.relinkRequired ? (
            <RelinkNeeded connectButton={connectButton} />
          ) : !state.secretQuestion.registered ? (
            <Stack $gap={1}>
              <Text>取り込んだ情報を守るため、情報を見る前に秘密の質問を登録してください。</Text>
              <Actions>
                <ButtonLinkStyle as={AppLink} href={mynaPagePaths.secretQuestionGuidance}>
                  秘密の質問を登録する
                </ButtonLinkStyle>
              </Actions>
            </Stack>
          ) : (
            <Actions>
              <ButtonLinkStyle as={AppLink} href={mynaPagePaths.import}>
                {state.lastImportedAt ? '最新の情報を取り込む' : '情報を取り込む'}
              </ButtonLinkStyle>
            </Actions>
          )}
        </Stack>
      </Card>
      {state.linked || state.hasRecords ? <RecordLinks state={state} connectButton={connectButton} /> : null}
      <Card aria-labelledby="myna-terms-heading">
        <Stack $gap={1}>
          <SectionHeading id="myna-terms-heading">利用規約と同意</SectionHeading>
          <Text $muted>同意の内容の確認や、同意の取り消しができます。</Text>
          <AppLink href={mynaPagePaths.agreements}>利用規約と同意の状況</AppLink>
        </Stack>
      </Card>
    </>
  );
}

/** The link can read nothing more (the portal's consent ended or ran out): only linking again helps. */
export function RelinkNeeded({ connectButton }: { connectButton: ReactNode }) {
  return (
    <Stack $gap={1}>
      <Notice role="status">
        マイナポータルとの連携の有効期限が切れました。新しい情報を取り込むには、マイナンバーカードでもう一度連携してください。取り込み済みの情報はそのまま見られます。
      </Notice>
      {connectButton}
    </Stack>
  );
}

function RecordLinks({ state, connectButton }: { state: MynaConnectionState; connectButton: ReactNode }) {
  return (
    <Card aria-labelledby="myna-records-heading">
      <Stack $gap={1}>
        <SectionHeading id="myna-records-heading">取り込んだ情報</SectionHeading>
        <Text $muted>情報を見るときは、秘密の質問の答えをおたずねします。</Text>
        <nav aria-labelledby="myna-records-heading">
          <Links>
            <li>
              <AppLink href={mynaPagePaths.medicalExams}>健診結果</AppLink>
            </li>
            <li>
              <AppLink href={mynaPagePaths.medicines}>お薬の情報</AppLink>
            </li>
            <li>
              <AppLink href={mynaPagePaths.medicalBills}>医療費</AppLink>
            </li>
            <li>
              <AppLink href={mynaPagePaths.checkSheet}>受診時に見せるチェックシート</AppLink>
            </li>
            <li>
              <AppLink href={mynaPagePaths.export}>ファイルに書き出す</AppLink>
            </li>
            <li>
              <AppLink href={mynaPagePaths.removeSensitives}>取り込んだ情報と連携を削除する</AppLink>
            </li>
          </Links>
        </nav>
        {state.linked && state.agreement.agreed && !state.relinkRequired ? (
          <details>
            <summary>連携をやり直す</summary>
            <Stack $gap={1}>
              <Text $muted>マイナポータルとの連携の有効期限が切れた場合などは、もう一度連携してください。</Text>
              {connectButton}
            </Stack>
          </details>
        ) : null}
      </Stack>
    </Card>
  );
}
