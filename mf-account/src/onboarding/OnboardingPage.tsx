import {
  Actions,
  Button,
  Card,
  FormError,
  Heading,
  MemberOnly,
  Narrow,
  navigate,
  PageLayout,
  SectionHeading,
  Stack,
  Text,
  TextField,
  describeError,
  useContractForm,
  usePageTitle,
  type UserInfo,
  loadAccountCalls,
  loadHealthCalls,
} from '@sukoyaka/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useUpdateProfile } from '../settings/api/update-profile';
import { HEIGHT_HINT, heightFromText } from '../settings/height';
import { useFinishOnboarding } from './api/finish-onboarding';
import { useSaveDailyStepGoal } from './api/step-goal';

/** Where the welcome offers to connect a device (mf-health's Fitbit / Google Health page). */
export const DEVICE_CONNECTION_PATH = '/resource_providers/fitbit/connections';

const STEPS = ['nickname', 'height', 'steps', 'device'] as const;
type Step = (typeof STEPS)[number];

const STEP_TITLES: Record<Step, string> = {
  nickname: 'ニックネーム',
  height: '身長',
  steps: '1日の目標歩数',
  device: 'ウェアラブル機器の連携',
};

const Progress = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One step: its heading (focused when the step appears), what it asks, and 次へ / スキップ. */
function StepCard({ step, children }: { step: Step; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const index = STEPS.indexOf(step);
  useEffect(() => {
    // Each step replaces the last: keyboard and screen-reader users start at its heading.
    if (index > 0) heading.current?.focus();
  }, [index]);
  return (
    <Card aria-labelledby="onboarding-step-heading">
      <Stack $gap={2}>
        <Progress>
          ステップ {index + 1} / {STEPS.length}
        </Progress>
        <SectionHeading id="onboarding-step-heading" ref={heading} tabIndex={-1}>
          {STEP_TITLES[step]}
        </SectionHeading>
        {children}
      </Stack>
    </Card>
  );
}

function StepButtons({ busy, onSkip }: { busy: boolean; onSkip: () => void }) {
  return (
    <Actions>
      <Button type="submit" busy={busy}>
        次へ
      </Button>
      <Button variant="secondary" onClick={onSkip} disabled={busy}>
        スキップ
      </Button>
    </Actions>
  );
}

function NicknameStep({ member, onNext }: { member: UserInfo; onNext: () => void }) {
  const [nickname, setNickname] = useState(member.nickname);
  const update = useUpdateProfile();
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.updateProfile.input),
    mutation: update,
    onSuccess: onNext,
  });
  return (
    <StepCard step="nickname">
      <form
        {...form.formProps(() => ({ nickname }))}
        onSubmit={(event) => {
          event.preventDefault();
          // Unchanged: nothing to save.
          if (nickname.trim() === member.nickname) onNext();
          else form.submit({ nickname });
        }}
        aria-label="ニックネームの設定"
      >
        <Stack $gap={2}>
          <Text>すこやかでの呼び名です。ホームなどで表示されます。</Text>
          {form.formError ? <FormError>{form.formError}</FormError> : null}
          <TextField
            label="ニックネーム"
            hint="20文字以内"
            name="nickname"
            autoComplete="nickname"
            value={nickname}
            onChange={(event) => setNickname(event.target.value)}
            error={form.errors.nickname}
          />
          <StepButtons busy={form.isPending} onSkip={onNext} />
        </Stack>
      </form>
    </StepCard>
  );
}

function HeightStep({ member, onNext }: { member: UserInfo; onNext: () => void }) {
  const [height, setHeight] = useState(member.height === undefined ? '' : String(member.height));
  const update = useUpdateProfile();
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.updateProfile.input),
    mutation: update,
    onSuccess: onNext,
  });
  return (
    <StepCard step="height">
      <form
        {...form.formProps(() => ({ nickname: member.nickname, height: heightFromText(height) }))}
        onSubmit={(event) => {
          event.preventDefault();
          // Left blank, 次へ is the same as スキップ: nothing is saved.
          if (height.trim() === '') onNext();
          else form.submit({ nickname: member.nickname, height: heightFromText(height) });
        }}
        aria-label="身長の設定"
      >
        <Stack $gap={2}>
          <Text>体重の記録から、BMIの目安が分かるようになります。</Text>
          {form.formError ? <FormError>{form.formError}</FormError> : null}
          <TextField
            label="身長（cm）"
            hint={HEIGHT_HINT}
            name="height"
            inputMode="decimal"
            autoComplete="off"
            value={height}
            onChange={(event) => setHeight(event.target.value)}
            error={form.errors.height}
          />
          <StepButtons busy={form.isPending} onSkip={onNext} />
        </Stack>
      </form>
    </StepCard>
  );
}

const stepsFromText = (text: string) => {
  const value = text.normalize('NFKC').replace(/[,\s]/g, '');
  return value === '' ? null : Number(value);
};

function StepGoalStep({ onNext }: { onNext: () => void }) {
  const [steps, setSteps] = useState('8000');
  const save = useSaveDailyStepGoal();
  const form = useContractForm({
    loadSchema: () => loadHealthCalls().then((calls) => calls.saveVitalGoals.input),
    submit: (data) => save.mutateAsync(data.dailySteps!),
    onSuccess: onNext,
  });
  return (
    <StepCard step="steps">
      <form
        {...form.formProps(() => ({ dailySteps: stepsFromText(steps) }))}
        onSubmit={(event) => {
          event.preventDefault();
          if (steps.trim() === '') onNext();
          else form.submit({ dailySteps: stepsFromText(steps) });
        }}
        aria-label="1日の目標歩数の設定"
      >
        <Stack $gap={2}>
          <Text>目標を達成した日は、ポイントがもらえることがあります。</Text>
          {form.formError ? <FormError>{form.formError}</FormError> : null}
          <TextField
            label="1日の目標歩数（歩）"
            hint="1,000〜50,000歩。迷ったら8,000歩から始めてみましょう。"
            name="dailySteps"
            inputMode="numeric"
            autoComplete="off"
            value={steps}
            onChange={(event) => setSteps(event.target.value)}
            error={form.errors.dailySteps}
          />
          <StepButtons busy={form.isPending} onSkip={onNext} />
        </Stack>
      </form>
    </StepCard>
  );
}

function DeviceStep({ finishTo, busy }: { finishTo: (path: string) => void; busy: boolean }) {
  return (
    <StepCard step="device">
      <Text>Fitbitなどのウェアラブル機器を連携すると、歩数が自動で記録されます。</Text>
      <Actions>
        <Button busy={busy} onClick={() => finishTo(DEVICE_CONNECTION_PATH)}>
          機器を連携する
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => finishTo('/')}>
          スキップしてはじめる
        </Button>
      </Actions>
    </StepCard>
  );
}

function Onboarding({ member }: { member: UserInfo }) {
  const [index, setIndex] = useState(0);
  const finish = useFinishOnboarding();
  const step = STEPS[index]!;
  const next = () => setIndex((current) => Math.min(current + 1, STEPS.length - 1));
  // Finished or skipped, it is recorded once on the server and never asked again.
  const finishTo = (path: string, skipped = false) => finish.mutate(skipped, { onSuccess: () => navigate(path) });

  return (
    <Stack $gap={3}>
      <Stack $gap={1}>
        <Heading>ようこそ、{member.nickname}さん</Heading>
        <Text>はじめに、いくつか設定しましょう。どれもスキップでき、あとから変更できます。</Text>
      </Stack>
      {finish.isError ? <FormError>{describeError(finish.error)}</FormError> : null}
      {step === 'nickname' ? <NicknameStep member={member} onNext={next} /> : null}
      {step === 'height' ? <HeightStep member={member} onNext={next} /> : null}
      {step === 'steps' ? <StepGoalStep onNext={next} /> : null}
      {step === 'device' ? <DeviceStep finishTo={finishTo} busy={finish.isPending} /> : null}
      {step === 'device' ? null : (
        <Actions>
          <Button variant="text" disabled={finish.isPending} onClick={() => finishTo('/', true)}>
            あとで設定する（ホームへ）
          </Button>
        </Actions>
      )}
    </Stack>
  );
}

/**
 * `/onboarding`: the first sign-in's welcome (issue 27). Home sends a new member here once they
 * may use the service (getNavigationInfo's `next`); finishing or skipping is recorded on the
 * server (finishOnboarding), so it is never asked twice.
 */
export function OnboardingPage() {
  usePageTitle('ようこそ');
  return (
    <PageLayout>
      <Narrow $max={560}>
        <MemberOnly>{(member) => <Onboarding member={member} />}</MemberOnly>
      </Narrow>
    </PageLayout>
  );
}
