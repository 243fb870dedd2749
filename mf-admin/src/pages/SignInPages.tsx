import {
  Button,
  Card,
  FormError,
  Heading,
  LoadingSkeleton,
  Narrow,
  Stack,
  Text,
  TextField,
  describeError,
  useContractForm,
  usePageTitle,
  Navigate,
  useNavigate,
  useSearchParams,
  loadOperatorCalls,
} from '@sukoyaka/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  useConfirmOperatorTotpEnrolment,
  useOperatorSession,
  useOperatorSignIn,
  useStartOperatorTotpEnrolment,
  useVerifyOperatorTotp,
} from '../api/session';
import { adminPaths } from '../paths';

// The operators' sign-in (never a member's): /admin/login (password), /admin/two_factor (the
// authenticator's code), /admin/two_factor/setup (enrolment of an authenticator, the only thing
// open to an operator without one).

const Page = styled.main`
  padding: ${({ theme }) => theme.spacing(4, 2)};
`;

function SignInFrame({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(`${title} | すこやか運営管理`);
  return (
    <Page>
      <Narrow $max={480}>
        <Card>
          <Stack $gap={2}>
            <Heading>{title}</Heading>
            {children}
          </Stack>
        </Card>
      </Narrow>
    </Page>
  );
}

/** Only the step the session stands at: a signed-in operator goes on, one halfway to their step. */
function useStepGuard(step: 'signedOut' | 'totpRequired' | 'enrolmentRequired'): ReactNode | null {
  const session = useOperatorSession();
  const [params] = useSearchParams();
  if (session.isPending) return <LoadingSkeleton label="読み込み中" />;
  if (session.isError) return <FormError>{describeError(session.error)}</FormError>;
  const state = session.data.state;
  if (state === step) return null;
  if (state === 'signedIn') return <Navigate to={safeReturn(params.get('return_to'))} replace />;
  if (state === 'totpRequired') return <Navigate to={adminPaths.twoFactor} replace />;
  if (state === 'enrolmentRequired') return <Navigate to={adminPaths.enrolment} replace />;
  return <Navigate to={adminPaths.login} replace />;
}

/** Only a page of this area: anything else (another site, a member page) goes to the dashboard. */
export function safeReturn(value: string | null): string {
  return value && /^\/admin(\/[\w/-]*)?$/.test(value) ? value : adminPaths.dashboard;
}

export function LoginPage() {
  const guard = useStepGuard('signedOut');
  const signIn = useOperatorSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useContractForm({
    loadSchema: () => loadOperatorCalls().then((calls) => calls.operatorSignIn.input),
    mutation: signIn,
    onSuccess: (result: { state: string }) => {
      const next = result.state === 'totpRequired' ? adminPaths.twoFactor : adminPaths.enrolment;
      const back = params.get('return_to');
      void navigate(back ? `${next}?return_to=${encodeURIComponent(back)}` : next);
    },
  });
  if (guard) return guard;
  return (
    <SignInFrame title="運営管理 ログイン">
      <Text $muted>健康保険組合の運営担当者向けの画面です。会員の方は会員用のログイン画面をご利用ください。</Text>
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      <form {...form.formProps(() => ({ email, password }))}>
        <Stack $gap={2}>
          <TextField
            label="メールアドレス"
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={form.errors.email}
          />
          <TextField
            label="パスワード"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={form.errors.password}
          />
          <Button type="submit" block busy={form.isPending}>
            次へ
          </Button>
        </Stack>
      </form>
    </SignInFrame>
  );
}

function CodeForm({ submitLabel, onDone, useStep }: { submitLabel: string; onDone: () => void; useStep: typeof useVerifyOperatorTotp }) {
  const step = useStep();
  const [code, setCode] = useState('');
  const form = useContractForm({
    loadSchema: () => loadOperatorCalls().then((calls) => calls.verifyOperatorTotp.input),
    mutation: step,
    onSuccess: onDone,
  });
  return (
    <>
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      <form {...form.formProps(() => ({ code }))}>
        <Stack $gap={2}>
          <TextField
            label="確認コード（6桁）"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={form.errors.code}
          />
          <Button type="submit" block busy={form.isPending}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </>
  );
}

export function TwoFactorPage() {
  const guard = useStepGuard('totpRequired');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (guard) return guard;
  return (
    <SignInFrame title="2段階認証">
      <Text>認証アプリ（Google Authenticator など）に表示されている6桁の確認コードを入力してください。</Text>
      <CodeForm
        submitLabel="ログイン"
        useStep={useVerifyOperatorTotp}
        onDone={() => void navigate(safeReturn(params.get('return_to')), { replace: true })}
      />
    </SignInFrame>
  );
}

const Qr = styled.img`
  width: 200px;
  height: 200px;
  align-self: center;
  image-rendering: pixelated;
`;

const Secret = styled.code`
  font-size: 1.1rem;
  letter-spacing: 0.1em;
  word-break: break-all;
`;

export function EnrolmentPage() {
  const guard = useStepGuard('enrolmentRequired');
  const start = useStartOperatorTotpEnrolment();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  const ready = !guard;
  useEffect(() => {
    // One secret per visit of the page (a new one replaces it only when asked).
    if (!ready || started.current) return;
    started.current = true;
    start.mutate();
  }, [ready, start]);
  if (guard) return guard;
  return (
    <SignInFrame title="認証アプリの登録">
      <Text>運営管理画面には2段階認証が必要です。認証アプリで次のQRコードを読み取るか、シークレットキーを入力してください。</Text>
      {start.isPending ? <LoadingSkeleton label="QRコードを用意しています" /> : null}
      {start.isError ? (
        <Stack $gap={1}>
          <FormError>{describeError(start.error)}</FormError>
          <Button variant="secondary" onClick={() => start.mutate()}>
            もう一度用意する
          </Button>
        </Stack>
      ) : null}
      {start.data ? (
        <Stack $gap={1}>
          <Qr src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(start.data.qrSvg)}`} alt="認証アプリに登録するQRコード" />
          <Text>
            シークレットキー: <Secret>{start.data.secret}</Secret>
          </Text>
        </Stack>
      ) : null}
      <Text>登録したら、認証アプリに表示された6桁のコードを入力してください。</Text>
      <CodeForm
        submitLabel="登録してログイン"
        useStep={useConfirmOperatorTotpEnrolment}
        onDone={() => void navigate(safeReturn(params.get('return_to')), { replace: true })}
      />
    </SignInFrame>
  );
}
