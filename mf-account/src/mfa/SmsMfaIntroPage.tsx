import { SMS_CODE_TTL_MINUTES } from '@sukoyaka/contract/account-terms';
import { AppLink, ButtonLinkStyle, Card, List, SectionHeading, Stack, Text, usePageTitle } from '@sukoyaka/shared';
import styled from 'styled-components';
import { useSmsMfaSetting } from './api/get-sms-mfa-setting';
import { EDIT_PATH, NEW_PATH, SettingState, SmsMfaLayout } from './SmsMfaLayout';

const Points = styled(List).attrs({ $gap: 0.5 })`
  list-style: disc;
  padding-left: 1.25em;
`;

const Status = styled.p<{ $on: boolean }>`
  margin: 0;
  font-weight: 700;
  color: ${({ theme, $on }) => ($on ? theme.colors.primaryDark : theme.colors.text)};
`;

/** `/mfa/setting/sms/intro`: what SMS two-factor is, whether it is on, and where to set it. */
export function SmsMfaIntroPage() {
  usePageTitle('SMS認証の設定');
  return (
    <SmsMfaLayout title="SMS認証（2段階認証）の設定" back={false}>
      <IntroContent />
    </SmsMfaLayout>
  );
}

// Inside the layout's MemberOnly: a visitor's page makes no member call.
function IntroContent() {
  const setting = useSmsMfaSetting();
  return (
    <>
      <Card aria-labelledby="mfa-about">
        <Stack $gap={1.5}>
          <SectionHeading id="mfa-about">SMS認証とは</SectionHeading>
          <Text>
            ログインのときに、パスワードに加えて、携帯電話にSMSで届く6桁の認証コードの入力をお願いする仕組みです。パスワードが他人に知られても、あなたの携帯電話がなければログインできないため、アカウントをより安全に守れます。
          </Text>
          <Points>
            <li>SMSを受け取れる携帯電話（070・080・090で始まる番号など）が必要です。</li>
            <li>認証コードの有効期限は{SMS_CODE_TTL_MINUTES}分です。5回間違えるとそのコードは使えなくなります。</li>
            <li>設定・変更・解除の前に、ご本人確認としてパスワードの再入力をお願いします。</li>
          </Points>
        </Stack>
      </Card>
      <SettingState isPending={setting.isPending} error={setting.error}>
        {() =>
          setting.data?.enabled ? (
            <Stack $gap={1.5}>
              <Status $on role="status">
                SMS認証は有効です（{setting.data.phoneNumberMasked}）
              </Status>
              <Text $muted>ログインのたびに、この電話番号に認証コードをお送りします。</Text>
              <div>
                <ButtonLinkStyle as={AppLink} href={EDIT_PATH} $variant="secondary">
                  電話番号の変更・SMS認証の解除
                </ButtonLinkStyle>
              </div>
            </Stack>
          ) : (
            <Stack $gap={1.5}>
              <Status $on={false} role="status">
                SMS認証は設定されていません
              </Status>
              <div>
                <ButtonLinkStyle as={AppLink} href={NEW_PATH}>
                  SMS認証を設定する
                </ButtonLinkStyle>
              </div>
            </Stack>
          )
        }
      </SettingState>
    </>
  );
}
