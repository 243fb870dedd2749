import type { SmsMfaSetting } from '@sukoyaka/contract';
import { AppLink, ButtonLinkStyle, Stack, Text, usePageTitle } from '@sukoyaka/shared';
import { useState } from 'react';
import { PasswordConfirmed } from '../step-up/PasswordConfirmed';
import { useSmsMfaSetting } from './api/get-sms-mfa-setting';
import { PhoneSetupForm } from './PhoneSetupForm';
import { EDIT_PATH, SettingState, SmsMfaLayout, Success } from './SmsMfaLayout';

function NewSetting() {
  const setting = useSmsMfaSetting();
  const [done, setDone] = useState<SmsMfaSetting | null>(null);
  if (done) {
    return (
      <Stack $gap={2} role="status">
        <Success>SMS認証を設定しました（{done.phoneNumberMasked}）。</Success>
        <Text>次回のログインから、パスワードのあとにSMSで届く認証コードの入力が必要になります。</Text>
        <div>
          <ButtonLinkStyle as={AppLink} href="/">
            ホームに戻る
          </ButtonLinkStyle>
        </div>
      </Stack>
    );
  }
  return (
    <SettingState isPending={setting.isPending} error={setting.error}>
      {() =>
        setting.data?.enabled ? (
          <Stack $gap={1.5}>
            <Text>SMS認証はすでに有効です（{setting.data.phoneNumberMasked}）。電話番号の変更や解除は、変更のページから行えます。</Text>
            <div>
              <ButtonLinkStyle as={AppLink} href={EDIT_PATH} $variant="secondary">
                電話番号の変更・SMS認証の解除
              </ButtonLinkStyle>
            </div>
          </Stack>
        ) : (
          <Stack $gap={2}>
            <Text>携帯電話番号を入力すると、確認のための6桁の認証コードをSMSでお送りします。</Text>
            <PhoneSetupForm submitLabel="SMS認証を有効にする" onDone={setDone} />
          </Stack>
        )
      }
    </SettingState>
  );
}

/** `/mfa/setting/sms/new`: turns SMS two-factor on, after a fresh password confirmation. */
export function SmsMfaNewPage() {
  usePageTitle('SMS認証の設定');
  return (
    <SmsMfaLayout title="SMS認証を設定する">
      <PasswordConfirmed>
        <NewSetting />
      </PasswordConfirmed>
    </SmsMfaLayout>
  );
}
