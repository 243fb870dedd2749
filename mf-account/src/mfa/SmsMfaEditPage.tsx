import type { SmsMfaSetting } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  describeError,
  FormError,
  SectionHeading,
  Stack,
  Text,
  usePageTitle,
} from '@sukoyaka/shared';
import { useState } from 'react';
import styled from 'styled-components';
import { PasswordConfirmed } from '../step-up/PasswordConfirmed';
import { useDisableSmsMfa } from './api/disable-sms-mfa';
import { useSmsMfaSetting } from './api/get-sms-mfa-setting';
import { PhoneSetupForm } from './PhoneSetupForm';
import { NEW_PATH, SettingState, SmsMfaLayout, Success } from './SmsMfaLayout';

const Warning = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerLight};
`;

/** Turning it off asks once more, since it lowers the account's protection. */
function DisableSection({ onDisabled }: { onDisabled: () => void }) {
  const [asking, setAsking] = useState(false);
  const disable = useDisableSmsMfa();
  return (
    <Card aria-labelledby="mfa-disable-heading">
      <Stack $gap={1.5}>
        <SectionHeading id="mfa-disable-heading">SMS認証を解除する</SectionHeading>
        <Text>解除すると、ログインはメールアドレスとパスワードだけになり、登録されている電話番号は削除されます。</Text>
        {disable.error ? <FormError>{describeError(disable.error)}</FormError> : null}
        {asking ? (
          <Stack $gap={1.5}>
            <Warning role="alert">SMS認証を解除してよろしいですか？</Warning>
            <Actions>
              <Button variant="secondary" busy={disable.isPending} onClick={() => disable.mutate(undefined, { onSuccess: onDisabled })}>
                {disable.isPending ? '解除しています…' : '解除する'}
              </Button>
              <Button variant="text" onClick={() => setAsking(false)} disabled={disable.isPending}>
                キャンセル
              </Button>
            </Actions>
          </Stack>
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              SMS認証を解除する
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}

function EditSetting() {
  const setting = useSmsMfaSetting();
  const [outcome, setOutcome] = useState<{ kind: 'changed'; setting: SmsMfaSetting } | { kind: 'disabled' } | null>(null);
  if (outcome) {
    return (
      <Stack $gap={2} role="status">
        <Success>
          {outcome.kind === 'changed'
            ? `SMS認証の電話番号を ${outcome.setting.phoneNumberMasked} に変更しました。`
            : 'SMS認証を解除しました。'}
        </Success>
        <div>
          <ButtonLinkStyle as={AppLink} href="/">
            ホームに戻る
          </ButtonLinkStyle>
        </div>
      </Stack>
    );
  }
  if (setting.data && !setting.data.enabled) {
    return (
      <Card>
        <Stack $gap={1.5}>
          <Text>SMS認証は設定されていません。</Text>
          <div>
            <ButtonLinkStyle as={AppLink} href={NEW_PATH}>
              SMS認証を設定する
            </ButtonLinkStyle>
          </div>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack $gap={2}>
      <SettingState isPending={setting.isPending} error={setting.error}>
        {() => (
          <Stack $gap={2}>
            <Stack $gap={0.5}>
              <SectionHeading as="h2">電話番号を変更する</SectionHeading>
              <Text>現在の電話番号: {setting.data?.phoneNumberMasked}</Text>
              <Text $muted>
                新しい電話番号に届く認証コードを入力すると、変更が完了します。それまでは現在の電話番号に認証コードをお送りします。
              </Text>
            </Stack>
            <PhoneSetupForm submitLabel="電話番号を変更する" onDone={(changed) => setOutcome({ kind: 'changed', setting: changed })} />
          </Stack>
        )}
      </SettingState>
      {setting.data ? <DisableSection onDisabled={() => setOutcome({ kind: 'disabled' })} /> : null}
    </Stack>
  );
}

/** `/mfa/setting/sms/edit`: moves SMS two-factor to another number, or turns it off. */
export function SmsMfaEditPage() {
  usePageTitle('SMS認証の変更・解除');
  return (
    <SmsMfaLayout title="SMS認証の変更・解除">
      <PasswordConfirmed>
        <EditSetting />
      </PasswordConfirmed>
    </SmsMfaLayout>
  );
}
