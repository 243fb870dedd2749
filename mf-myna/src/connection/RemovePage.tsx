import type { CallOutput } from '@sukoyaka/contract';
import { AppLink, Card, FactRows, FormError, List, Notice, SectionHeading, Stack, Text, describeError } from '@sukoyaka/shared';
import { useRemoveMynaSensitives } from '../api/remove-myna-sensitives';
import { formatDateTime } from '../format';
import { CheckedAction } from '../parts/CheckedAction';
import { MynaPage } from '../parts/MynaPage';
import { RecordsGate } from '../parts/RecordsGate';
import { mynaPagePaths } from '../paths';

type Removed = CallOutput<'removeMynaSensitives'>;

/** `/myna_connection/removeSensitives`: what will be removed, an explicit confirmation, then what was removed. */
export function RemovePage() {
  const remove = useRemoveMynaSensitives();
  return (
    <MynaPage title="取り込んだ情報と連携の削除">
      {/* The result stays on screen although nothing is linked any more. */}
      {remove.data ? (
        <Result result={remove.data} />
      ) : (
        <RecordsGate what="削除の準備">
          <Confirm remove={remove} />
        </RecordsGate>
      )}
      <AppLink href={mynaPagePaths.top}>マイナポータル連携に戻る</AppLink>
    </MynaPage>
  );
}

function Confirm({ remove }: { remove: ReturnType<typeof useRemoveMynaSensitives> }) {
  return (
    <Card aria-labelledby="remove-heading">
      <Stack $gap={2}>
        <SectionHeading id="remove-heading">削除されるもの</SectionHeading>
        <List as="ul" style={{ paddingLeft: '1.5em', listStyle: 'disc' }}>
          <li>取り込んだ健診結果（特定健診の結果）</li>
          <li>取り込んだお薬の情報（薬剤情報）</li>
          <li>取り込んだ医療費の情報（医療費通知情報）</li>
          <li>医療費控除のために手入力した領収書</li>
          <li>マイナポータルとの連携と、取り込みの履歴</li>
        </List>
        <Text $muted>
          削除した情報は元に戻せません。必要な場合は、先に<AppLink href={mynaPagePaths.export}>ファイルに書き出して</AppLink>
          ください。利用規約への同意の履歴と秘密の質問は残ります。もう一度使うときは、マイナンバーカードで連携し直してください。
        </Text>
        {remove.isError ? <FormError>{describeError(remove.error)}</FormError> : null}
        <CheckedAction
          label="上記の情報を削除することを確認しました"
          missingMessage="削除する場合はチェックを入れてください"
          action="削除する"
          busy={remove.isPending}
          onAct={() => remove.mutate()}
        />
      </Stack>
    </Card>
  );
}

function Result({ result }: { result: Removed }) {
  const { removed } = result;
  return (
    <Card aria-labelledby="removed-heading">
      <Stack $gap={2}>
        <SectionHeading id="removed-heading">削除しました</SectionHeading>
        <Notice role="status">{formatDateTime(result.removedAt)}に、取り込んだ情報と連携を削除しました。</Notice>
        <FactRows aria-label="削除したもの">
          <dt>健診結果</dt>
          <dd>{removed.medicalExams}件</dd>
          <dt>お薬の情報（調剤）</dt>
          <dd>{removed.medicines}件</dd>
          <dt>医療費</dt>
          <dd>{removed.medicalBills}件</dd>
          <dt>手入力した領収書</dt>
          <dd>{removed.medicalReceipts}件</dd>
          <dt>取り込みの履歴</dt>
          <dd>{removed.importJobs}件</dd>
          <dt>マイナポータルとの連携</dt>
          <dd>{removed.link ? '解除しました' : '連携はありませんでした'}</dd>
        </FactRows>
      </Stack>
    </Card>
  );
}
