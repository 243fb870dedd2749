import type { MynaConnectionState, MynaImport, MynaImportPhase } from '@sukoyaka/contract';
import { mynaRecordKinds } from '@sukoyaka/contract/myna-terms';
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
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCreateMynaImport } from '../api/create-myna-import';
import { isImportRunning, useMynaConnectionState } from '../api/get-myna-connection-state';
import { mynaRecordsQueryKey } from '../api/myna-records';
import { formatDateTime } from '../format';
import { MynaPage } from '../parts/MynaPage';
import { NotLinked } from '../parts/RecordsGate';
import { ConnectButton, RelinkNeeded } from './ConnectionPage';
import { mynaPagePaths } from '../paths';
import { KIND_LABELS, phaseLabel } from './import-status';
import { LinkStep } from '../parts/LinkStep';

const STEPS: { phase: MynaImportPhase; label: string }[] = [
  { phase: 'medical_exams', label: '健診結果' },
  { phase: 'medicines', label: 'お薬の情報' },
  { phase: 'medical_bills', label: '医療費' },
];
const ORDER: MynaImportPhase[] = ['queued', 'medical_exams', 'medicines', 'medical_bills', 'done'];

function stepState(job: MynaImport, phase: MynaImportPhase): string {
  const at = ORDER.indexOf(job.phase);
  const step = ORDER.indexOf(phase);
  if (job.status === 'succeeded' || at > step) return '完了';
  if (at === step) return job.status === 'failed' ? '失敗' : '取り込み中';
  return '待機中';
}

/** `/myna_connection/import`: start the import, its progress (polled while it runs), then the result. */
export function ImportPage() {
  const state = useMynaConnectionState({ poll: true });
  return (
    <MynaPage
      title="情報の取り込み"
      lead="マイナポータルから健診結果、お薬、医療費の情報を取り込みます。2回目からは、新しい情報だけが追加されます。"
    >
      {state.isPending ? <LoadingSkeleton label="連携状況を読み込んでいます" /> : null}
      {state.isError ? <LoadFailure what="連携状況" error={state.error} retry={() => void state.refetch()} /> : null}
      {state.data ? <Import state={state.data} /> : null}
      <AppLink href={mynaPagePaths.top}>マイナポータル連携に戻る</AppLink>
    </MynaPage>
  );
}

function Import({ state }: { state: MynaConnectionState }) {
  const start = useCreateMynaImport();
  const queryClient = useQueryClient();
  const job = state.latestImport;
  const running = isImportRunning(state);
  // The records change when a job this page watched finishes.
  const watched = useRef(running);
  useEffect(() => {
    if (running) watched.current = true;
    else if (watched.current) {
      watched.current = false;
      void queryClient.invalidateQueries({ queryKey: mynaRecordsQueryKey });
    }
  }, [running, queryClient]);

  if (!state.agreement.agreed) {
    return (
      <Card>
        <LinkStep href={mynaPagePaths.agreements} action="利用規約を読んで同意する">
          取り込むには、マイナポータル連携の利用規約への同意が必要です。
        </LinkStep>
      </Card>
    );
  }
  if (!state.linked) {
    return (
      <Card>
        <NotLinked />
      </Card>
    );
  }
  if (state.relinkRequired) {
    return (
      <>
        <Card aria-labelledby="import-relink-heading">
          <Stack $gap={1.5}>
            <SectionHeading id="import-relink-heading">もう一度連携してください</SectionHeading>
            <RelinkNeeded connectButton={<ConnectButton label="もう一度連携する" />} />
          </Stack>
        </Card>
        {job ? <Progress job={job} relink /> : null}
      </>
    );
  }
  if (!state.secretQuestion.registered) {
    return (
      <Card>
        <LinkStep href={mynaPagePaths.secretQuestionGuidance} action="秘密の質問を登録する">
          取り込む前に、秘密の質問を登録してください。
        </LinkStep>
      </Card>
    );
  }
  return (
    <>
      <Card aria-labelledby="import-start-heading">
        <Stack $gap={1.5}>
          <SectionHeading id="import-start-heading">取り込み</SectionHeading>
          <Text $muted>
            {state.lastImportedAt ? `最後に取り込んだ日時：${formatDateTime(state.lastImportedAt)}` : 'まだ一度も取り込んでいません。'}
          </Text>
          {start.isError ? <FormError>{describeError(start.error)}</FormError> : null}
          <Actions>
            <Button busy={start.isPending || running} onClick={() => start.mutate()}>
              {running ? '取り込んでいます…' : state.lastImportedAt ? '最新の情報を取り込む' : '取り込みを始める'}
            </Button>
          </Actions>
        </Stack>
      </Card>
      {job ? <Progress job={job} /> : null}
    </>
  );
}

function Progress({ job, relink = false }: { job: MynaImport; relink?: boolean }) {
  const running = job.status === 'queued' || job.status === 'running';
  return (
    <Card aria-labelledby="import-progress-heading">
      <Stack $gap={1.5}>
        <SectionHeading id="import-progress-heading">{running ? '取り込みの状況' : '取り込みの結果'}</SectionHeading>
        <Text $muted>開始：{formatDateTime(job.requestedAt)}</Text>
        <div role="status" aria-live="polite">
          {running ? <Text>{phaseLabel(job.phase)}…</Text> : null}
          {job.status === 'succeeded' ? (
            <Notice>{job.finishedAt ? `${formatDateTime(job.finishedAt)}に` : ''}取り込みが完了しました。</Notice>
          ) : null}
        </div>
        {job.status === 'failed' ? (
          <FormError>
            取り込みに失敗しました。{job.failureReason ?? ''}
            {relink
              ? 'それまでに取り込んだ情報はそのまま残っています。'
              : 'それまでに取り込んだ情報はそのまま残っています。しばらくしてから、もう一度お試しください。'}
          </FormError>
        ) : null}
        <List aria-label="種類ごとの進み具合">
          {STEPS.map((step) => (
            <li key={step.phase} style={{ padding: '8px 0', display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <span>{step.label}</span>
              <strong>{stepState(job, step.phase)}</strong>
            </li>
          ))}
        </List>
        {job.status === 'succeeded' ? (
          <>
            <FactRows aria-label="取り込んだ件数">
              {mynaRecordKinds.map((kind) => (
                <div key={kind} style={{ display: 'contents' }}>
                  <dt>{KIND_LABELS[kind]}</dt>
                  <dd>
                    新しく{job.counts[kind].added}件（マイナポータルから{job.counts[kind].fetched}件）
                  </dd>
                </div>
              ))}
            </FactRows>
            <Actions>
              <ButtonLinkStyle as={AppLink} href={mynaPagePaths.medicalExams}>
                健診結果を見る
              </ButtonLinkStyle>
              <AppLink href={mynaPagePaths.medicines}>お薬の情報</AppLink>
              <AppLink href={mynaPagePaths.medicalBills}>医療費</AppLink>
            </Actions>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
