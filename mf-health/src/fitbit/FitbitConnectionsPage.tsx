import type { FitbitConnection } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  Card,
  FormError,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  Notice,
  PageLayout,
  SectionHeading,
  Stack,
  Text,
  describeError,
  usePageTitle,
  LoadFailure,
} from '@sukoyaka/shared';
import { useState } from 'react';
import {
  useDisconnectFitbit,
  useFitbitConnection,
  useRevocationPending,
  useStartFitbitAuthorization,
  useSyncFitbit,
} from './api/fitbit-connection';
import { describeLastSync, formatSyncedAt } from './format';

export const STEPS_PAGE = '/vitals/steps';

/** `/resource_providers/fitbit/connections`: connect, sync, renew or disconnect the member's Fitbit. */
export function FitbitConnectionsPage({ go }: { go?: (url: string) => void }) {
  usePageTitle('Fitbit連携');
  return (
    <PageLayout>
      <MemberOnly>
        {() => (
          <Stack $gap={3}>
            <Heading>Fitbit連携</Heading>
            <Text>Fitbitと連携すると、毎日の歩数と睡眠が自動で記録されます（Googleのアカウントで連携します）。</Text>
            <Connection go={go} />
          </Stack>
        )}
      </MemberOnly>
    </PageLayout>
  );
}

function Connection({ go }: { go?: ((url: string) => void) | undefined }) {
  const connection = useFitbitConnection();
  const start = useStartFitbitAuthorization(go);
  const revocationPending = useRevocationPending();
  if (connection.isPending) return <LoadingSkeleton label="連携状況を読み込み中" />;
  if (connection.isError) {
    return (
      <Card>
        <LoadFailure what="連携状況" error={connection.error} retry={() => void connection.refetch()} />
      </Card>
    );
  }
  const data = connection.data;
  const connectButton = (label: string) => (
    <Stack $gap={1}>
      {start.isError ? <FormError>{describeError(start.error)}</FormError> : null}
      <Actions>
        <Button busy={start.isPending || start.isSuccess} onClick={() => start.mutate()}>
          {label}
        </Button>
      </Actions>
    </Stack>
  );

  if (!data.available) {
    return (
      <Card aria-labelledby="fitbit-status-heading">
        <SectionHeading id="fitbit-status-heading">連携状況</SectionHeading>
        <Notice role="status">現在Fitbit連携はご利用いただけません。</Notice>
      </Card>
    );
  }
  if (data.status === 'not_connected') {
    return (
      <Card aria-labelledby="fitbit-status-heading">
        <Stack $gap={2}>
          <SectionHeading id="fitbit-status-heading">連携状況</SectionHeading>
          <Text>Fitbitとは連携していません。</Text>
          {revocationPending ? (
            <Notice role="status">
              連携を解除し、すこやかに保存していた認証情報は削除しました。ただし、Google側の許可の取り消しがまだ完了していないため、自動で再度取り消しを行います。すぐに取り消したい場合は、Googleアカウントの「サードパーティ製のアプリとサービス」からも取り消せます。
            </Notice>
          ) : null}
          <Text $muted>
            「Fitbitと連携する」を押すとGoogleの画面に移ります。歩数などのアクティビティデータ（と、よろしければ睡眠）の参照を許可すると、この画面に戻り、過去30日分の歩数と睡眠を取り込みます。
          </Text>
          {connectButton('Fitbitと連携する')}
        </Stack>
      </Card>
    );
  }
  return (
    <>
      {data.status === 'needs_renewal' ? (
        <Card aria-labelledby="fitbit-renewal-heading">
          <Stack $gap={2}>
            <SectionHeading id="fitbit-renewal-heading">連携の更新が必要です</SectionHeading>
            <Notice role="alert">
              Fitbitとの連携が解除されたか有効期限が切れたため、歩数を取り込めません。もう一度連携すると、取り込めなかった日の歩数もまとめて取り込みます。
            </Notice>
            {connectButton('もう一度連携する')}
          </Stack>
        </Card>
      ) : null}
      <Connected connection={data} />
    </>
  );
}

function Connected({ connection }: { connection: FitbitConnection }) {
  const sync = useSyncFitbit();
  const disconnect = useDisconnectFitbit();
  const [confirming, setConfirming] = useState(false);
  const lastSync = describeLastSync(connection);
  return (
    <>
      <Card aria-labelledby="fitbit-status-heading">
        <Stack $gap={2}>
          <SectionHeading id="fitbit-status-heading">連携状況</SectionHeading>
          <Text>{connection.status === 'active' ? 'Fitbitと連携しています。' : 'Fitbitとの連携を更新してください。'}</Text>
          <dl style={{ margin: 0 }}>
            <dt style={{ fontWeight: 700 }}>連携した日時</dt>
            <dd style={{ margin: '0 0 8px' }}>{connection.connectedAt ? formatSyncedAt(connection.connectedAt) : '—'}</dd>
            <dt style={{ fontWeight: 700 }}>最後の同期</dt>
            <dd style={{ margin: 0 }} aria-live="polite">
              {lastSync ?? 'まだ同期していません。'}
            </dd>
          </dl>
          {sync.isError ? <FormError>{describeError(sync.error)}</FormError> : null}
          <Actions>
            {connection.status === 'active' ? (
              <Button busy={sync.isPending} onClick={() => sync.mutate()}>
                今すぐ同期
              </Button>
            ) : null}
            <AppLink href={STEPS_PAGE}>歩数の記録を見る</AppLink>
          </Actions>
          <Text $muted>歩数は30分ごとに自動で同期されます。</Text>
        </Stack>
      </Card>
      <Card aria-labelledby="fitbit-disconnect-heading">
        <Stack $gap={2}>
          <SectionHeading id="fitbit-disconnect-heading">連携の解除</SectionHeading>
          <Text $muted>解除すると、今後の歩数は取り込まれません。これまでに取り込んだ歩数は残ります。</Text>
          {disconnect.isError ? <FormError>{describeError(disconnect.error)}</FormError> : null}
          {confirming ? (
            <Stack $gap={1} role="group" aria-labelledby="fitbit-disconnect-confirm">
              <Text id="fitbit-disconnect-confirm">Fitbitとの連携を解除しますか？</Text>
              <Actions>
                <Button
                  variant="secondary"
                  busy={disconnect.isPending}
                  onClick={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
                >
                  解除する
                </Button>
                <Button variant="text" disabled={disconnect.isPending} onClick={() => setConfirming(false)}>
                  キャンセル
                </Button>
              </Actions>
            </Stack>
          ) : (
            <Actions>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                連携を解除する
              </Button>
            </Actions>
          )}
        </Stack>
      </Card>
    </>
  );
}
