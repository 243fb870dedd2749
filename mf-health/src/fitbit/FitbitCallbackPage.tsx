import { fitbitPagePaths } from '@sukoyaka/contract/health-terms';
import {
  Actions,
  AppLink,
  ButtonLinkStyle,
  Card,
  FormError,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  Notice,
  PageLayout,
  Stack,
  Text,
  describeError,
  useOneTimeParams,
  usePageTitle,
  type OneTimeParams,
} from '@sukoyaka/shared';
import { useEffect, useRef, useState } from 'react';
import { useCompleteFitbitConnection } from './api/fitbit-connection';
import { STEPS_PAGE } from './FitbitConnectionsPage';

type Callback = { kind: 'code'; code: string; state: string } | { kind: 'denied' } | { kind: 'failed' };

/** What Google sent back: `?code&state`, or `?error=access_denied` when the member cancelled. */
export function readCallback({ code, state, error }: OneTimeParams<'code' | 'state' | 'error'>): Callback {
  if (error === 'access_denied') return { kind: 'denied' };
  if (error || !code || !state) return { kind: 'failed' };
  return { kind: 'code', code, state };
}

/** `/resource_providers/fitbit/callback`: Google's consent page returns here; completes the connection. */
export function FitbitCallbackPage() {
  usePageTitle('Fitbit連携');
  // Read once, then the whole query taken out of the address bar: the code is single-use and not for history.
  const params = useOneTimeParams(['code', 'state', 'error'], { removeAll: true });
  const [callback] = useState(() => readCallback(params));
  return (
    <PageLayout>
      <MemberOnly>
        {() => (
          <Stack $gap={3}>
            <Heading>Fitbit連携</Heading>
            <Outcome callback={callback} />
          </Stack>
        )}
      </MemberOnly>
    </PageLayout>
  );
}

function BackToConnections({ label = '連携設定に戻る' }: { label?: string }) {
  return (
    <Actions>
      <ButtonLinkStyle as={AppLink} href={fitbitPagePaths.connections}>
        {label}
      </ButtonLinkStyle>
    </Actions>
  );
}

function Outcome({ callback }: { callback: Callback }) {
  const complete = useCompleteFitbitConnection();
  const sent = useRef(false);
  useEffect(() => {
    // Once only (a code works once): not again on a re-render or a development double effect.
    if (callback.kind !== 'code' || sent.current) return;
    sent.current = true;
    complete.mutate({ code: callback.code, state: callback.state });
  }, [callback, complete]);

  if (callback.kind === 'denied') {
    return (
      <Card>
        <Stack $gap={2}>
          <Notice role="status">Fitbitとの連携はキャンセルされました。</Notice>
          <Text>連携するには、連携設定のページで「Fitbitと連携する」を押し、Googleの画面で「許可する」を選んでください。</Text>
          <BackToConnections />
        </Stack>
      </Card>
    );
  }
  if (callback.kind === 'failed') {
    return (
      <Card>
        <Stack $gap={2}>
          <FormError>Googleの画面から連携に必要な情報が届きませんでした。連携設定のページからもう一度お試しください。</FormError>
          <BackToConnections />
        </Stack>
      </Card>
    );
  }
  if (complete.isError) {
    return (
      <Card>
        <Stack $gap={2}>
          <FormError>{describeError(complete.error)}</FormError>
          <BackToConnections label="連携設定からやり直す" />
        </Stack>
      </Card>
    );
  }
  if (!complete.isSuccess) return <LoadingSkeleton label="Fitbitと連携しています" />;
  const connection = complete.data;
  return (
    <Card>
      <Stack $gap={2}>
        <Notice role="status">Fitbitと連携しました。</Notice>
        <Text>
          {connection.lastSyncResult === 'ok'
            ? `${connection.lastSyncedDays ?? 0}日分の歩数を取り込みました。これからは歩数が自動で記録されます。`
            : '歩数の取り込みはまだ完了していません。しばらくしてから連携設定のページで「今すぐ同期」をお試しください。'}
        </Text>
        <Actions>
          <ButtonLinkStyle as={AppLink} href={STEPS_PAGE}>
            歩数の記録を見る
          </ButtonLinkStyle>
          <AppLink href={fitbitPagePaths.connections}>連携設定へ</AppLink>
        </Actions>
      </Stack>
    </Card>
  );
}
