import type { CallOutput } from '@sukoyaka/contract';
import {
  AppLink,
  Button,
  describeError,
  FormError,
  List,
  LoadingSkeleton,
  MemberOnly,
  SectionHeading,
  Stack,
  Text,
  usePageTitle,
} from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useAuthenticateUserPassword } from '../step-up/api/authenticate-user-password';
import { useLeaveServiceSummary } from './api/get-leave-service-summary';
import { useLeaveService } from './api/leave-service';
import { DATA_EXPORT_PATH } from './DataExportPage';
import { CardPage } from '../parts/CardPage';
import { CurrentPasswordField } from '../parts/CurrentPasswordField';

const LEAVE_COMPLETED_PATH = '/settings/leave/completed';

type Summary = CallOutput<'getLeaveServiceSummary'>;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1.5)};
`;

const Final = styled.div`
  padding: ${({ theme }) => theme.spacing(2)};
  border: 2px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerLight};
`;

const Strong = styled.strong`
  color: ${({ theme }) => theme.colors.danger};
`;

/** What goes, what is forfeited, what stays and for how long: said before the member confirms. */
function Statement({ summary }: { summary: Summary }) {
  const forfeits = summary.points.length > 0 || summary.coins > 0;
  return (
    <Stack $gap={2.5}>
      <section aria-labelledby="leave-deleted">
        <Stack $gap={1}>
          <SectionHeading id="leave-deleted">すぐに削除されるもの</SectionHeading>
          <List>
            <li>プロフィール（メールアドレス、ニックネーム、生年月日、身長、電話番号）とパスワード</li>
            <li>血圧・血糖値・体重・体温・歩数のすべての記録、目標、健康予測の保存結果</li>
            <li>参加したチャレンジとウォーキングイベントの記録（開催中のイベントでは、チームの合計と順位からも外れます）</li>
            <li>アンケートの回答、お問い合わせの内容、保存した記事とクイズの回答、通知設定、規約への同意、ログインした端末の記録</li>
            <li>マイナポータルから取り込んだ記録（健診結果・お薬・医療費）と秘密の質問</li>
          </List>
          <Text $muted>
            {summary.wearableConnected ? 'ウェアラブル端末（Fitbit）との連携を解除します。' : ''}
            {summary.mynaConnected ? 'マイナポータルとの連携を解除します。' : ''}
            ログイン中のすべての端末からログアウトします。健康保険組合の加入者情報の登録も解除され、同じ保険証の情報で改めて登録できるようになります。
          </Text>
        </Stack>
      </section>
      <section aria-labelledby="leave-forfeited">
        <Stack $gap={1}>
          <SectionHeading id="leave-forfeited">失効するもの</SectionHeading>
          {forfeits ? (
            <>
              <List>
                {summary.points.map((account) => (
                  <li key={account.programName}>
                    {account.programName}: <Strong>{account.points.toLocaleString('ja-JP')}ポイント</Strong>
                  </li>
                ))}
                {summary.coins > 0 ? (
                  <li>
                    コイン: <Strong>{summary.coins.toLocaleString('ja-JP')}コイン</Strong>
                  </li>
                ) : null}
              </List>
              <Text>
                お持ちのポイント・コインは退会と同時に失効し、元に戻すことはできません。必要な方は、先にギフトと交換してください。
              </Text>
            </>
          ) : (
            <Text>失効するポイント・コインはありません。</Text>
          )}
        </Stack>
      </section>
      {summary.pendingGiftOrders.length > 0 ? (
        <section aria-labelledby="leave-gift-orders">
          <Stack $gap={1}>
            <SectionHeading id="leave-gift-orders">まだ発送されていないギフト</SectionHeading>
            <List>
              {summary.pendingGiftOrders.map((order) => (
                <li key={order.orderNumber}>
                  {order.giftName}（注文番号 {order.orderNumber}）
                </li>
              ))}
            </List>
            <Text>
              <Strong>退会すると、これらのギフトのお申し込みは取り消され、お届けできません。</Strong>
              交換に使ったポイントも戻りません。お届け先住所は退会と同時に削除されるためです。受け取りたい方は、発送されてから退会してください。
            </Text>
          </Stack>
        </section>
      ) : null}
      <section aria-labelledby="leave-kept">
        <Stack $gap={1}>
          <SectionHeading id="leave-kept">保管されるもの</SectionHeading>
          <Text>
            ポイント・コインの取引記録（交換したギフトを含みます）と操作の記録は、健康保険組合の会計と監査に必要なため、
            お名前・メールアドレス・IPアドレスなどあなたと結び付く情報を消したうえで、退会から{summary.retentionYears}
            年間保管し、その後削除します。
          </Text>
        </Stack>
      </section>
      <Text>
        記録を手元に残したい方は、退会の前に<AppLink href={DATA_EXPORT_PATH}>データのダウンロード</AppLink>をご利用ください。
      </Text>
    </Stack>
  );
}

/** The password (the step-up), the confirmation box, then a final yes. */
function LeaveForm({ email }: { email: string }) {
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [agreedError, setAgreedError] = useState<string | undefined>();
  const [finalStep, setFinalStep] = useState(false);
  const confirmPassword = useAuthenticateUserPassword();
  const leave = useLeaveService();
  const finalRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (finalStep) finalRef.current?.focus();
  }, [finalStep]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) {
      setAgreedError('退会の確認にチェックを入れてください');
      return;
    }
    confirmPassword.mutate(
      { password },
      {
        onSuccess: () => setFinalStep(true),
        onError: () => setPassword(''),
      },
    );
  };

  const onLeave = () =>
    leave.mutate(undefined, {
      // A fresh load: the session is gone, and nothing of the member stays in this page's memory.
      onSuccess: () => window.location.assign(LEAVE_COMPLETED_PATH),
    });

  if (finalStep) {
    return (
      <Final role="group" aria-labelledby="leave-final">
        <Stack $gap={2}>
          <SectionHeading id="leave-final" ref={finalRef} tabIndex={-1}>
            本当に退会しますか？
          </SectionHeading>
          <Text>この操作は取り消せません。記録は削除され、ポイント・コインは失効します。</Text>
          {leave.error ? <FormError>{describeError(leave.error)}</FormError> : null}
          <Actions>
            <Button type="button" busy={leave.isPending} onClick={onLeave}>
              {leave.isPending ? '退会しています…' : '退会する'}
            </Button>
            <Button type="button" variant="secondary" disabled={leave.isPending} onClick={() => setFinalStep(false)}>
              やめる
            </Button>
          </Actions>
        </Stack>
      </Final>
    );
  }

  const passwordError = confirmPassword.error ? describeError(confirmPassword.error) : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="退会の手続き">
      <Stack $gap={2}>
        <Text>ご本人確認のため、パスワードを入力してください。</Text>
        <CurrentPasswordField value={password} onChange={setPassword} error={passwordError} username={email} />
        <Checkbox
          name="confirm"
          label="上記の内容を確認し、退会します"
          checked={agreed}
          error={agreedError}
          onChange={(event) => {
            setAgreed(event.target.checked);
            setAgreedError(undefined);
          }}
        />
        <Actions>
          <Button type="submit" busy={confirmPassword.isPending}>
            {confirmPassword.isPending ? '確認しています…' : '退会手続きに進む'}
          </Button>
          <AppLink href="/profile">キャンセル</AppLink>
        </Actions>
      </Stack>
    </form>
  );
}

function Leave({ email }: { email: string }) {
  const summary = useLeaveServiceSummary();
  if (summary.error) return <FormError>{describeError(summary.error)}</FormError>;
  if (summary.isPending) return <LoadingSkeleton label="退会の内容を読み込んでいます" rows={4} />;
  return (
    <Stack $gap={3}>
      <Statement summary={summary.data} />
      <LeaveForm email={email} />
    </Stack>
  );
}

/** `/settings/leave`: leaving the service (退会), after the statement, the password and a final yes. */
export function LeaveServicePage() {
  usePageTitle('退会');
  return (
    <CardPage max={720} title="退会" headingId="leave-heading">
      <Text>退会すると、すこやかのアカウントと記録が削除されます。内容をご確認のうえ、手続きしてください。</Text>
      <MemberOnly>{(member) => <Leave email={member.email} />}</MemberOnly>
    </CardPage>
  );
}

/** `/settings/leave/completed`: where a member lands after leaving, signed out. */
export function LeaveCompletedPage() {
  usePageTitle('退会が完了しました');
  return (
    <CardPage max={640} header={{ hideButton: true }} title="退会が完了しました" headingId="left-heading">
      <Text>すこやかをご利用いただき、ありがとうございました。ご登録のメールアドレスに、退会手続き完了のお知らせをお送りしました。</Text>
      <Text $muted>もう一度ご利用になる場合は、新規登録から改めてお手続きください。</Text>
      <Text>
        <AppLink href="/">トップページへ</AppLink>
      </Text>
    </CardPage>
  );
}
