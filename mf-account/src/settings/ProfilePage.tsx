import {
  AppLink,
  Button,
  Card,
  FormError,
  Heading,
  List,
  MemberOnly,
  Narrow,
  PageLayout,
  screenLink,
  SectionHeading,
  Stack,
  Text,
  TextField,
  usePageTitle,
  type UserInfo,
  useContractForm,
  type ContractForm,
  japaneseDate,
  loadAccountCalls,
} from '@sukoyaka/shared';
import { useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { useNavigationInfo } from '../navigation/api/get-navigation-info';
import { useUpdateProfile } from './api/update-profile';
import { formatHeight, HEIGHT_HINT, heightFromText } from './height';

/** Both forms of the page send updateProfile: its schema, loaded when one is first used. */
const loadProfileSchema = () => loadAccountCalls().then((calls) => calls.updateProfile.input);

const Items = styled.dl`
  margin: 0;
  display: flex;
  flex-direction: column;
  & > div + div {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Item = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
  padding: ${({ theme }) => theme.spacing(1.5, 0)};
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: 10em 1fr auto; align-items: center; }`}
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** The row's action, a link or a button, looking the same and easy to tap. */
const actionStyle = css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 700;
  text-decoration: underline;
  cursor: pointer;
`;

const ActionButton = styled.button`
  ${actionStyle}
`;

const ActionLink = styled(AppLink)`
  ${actionStyle}
`;

const Unset = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LinkRow = styled(AppLink)`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  min-height: 48px;
  padding: ${({ theme }) => theme.spacing(1, 0)};
  text-decoration: none;
  font-weight: 700;
  &::after {
    content: '›';
    font-size: ${({ theme }) => theme.fontSizes.xl};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Note = styled.span`
  margin-left: auto;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Saved = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 700;
`;

const InlineActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
`;

function Row({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Item>
      <dt>{label}</dt>
      <dd>{children}</dd>
      {action ? <dd>{action}</dd> : null}
    </Item>
  );
}

/** A value of the profile edited in place: the form-level error, its field, and save or cancel. */
function InlineEditForm({
  name,
  form,
  submits,
  onCancel,
  children,
}: {
  /** The form's accessible name. */
  name: string;
  form: ContractForm;
  submits: () => unknown;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form {...form.formProps(submits)} aria-label={name}>
      <Stack $gap={1.5}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        {children}
        <InlineActions>
          <Button type="submit" busy={form.isPending}>
            {form.isPending ? '保存しています…' : '保存する'}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={form.isPending}>
            キャンセル
          </Button>
        </InlineActions>
      </Stack>
    </form>
  );
}

function NicknameForm({ current, onSaved, onCancel }: { current: string; onSaved: () => void; onCancel: () => void }) {
  const [nickname, setNickname] = useState(current);
  const update = useUpdateProfile();
  const form = useContractForm({
    loadSchema: loadProfileSchema,
    // Left out, the height stays as it is.
    mutation: update,
    onSuccess: onSaved,
  });

  return (
    <InlineEditForm name="ニックネームの変更" form={form} submits={() => ({ nickname })} onCancel={onCancel}>
      <TextField
        label="ニックネーム"
        hint="20文字以内。ホームなどで表示されます。"
        name="nickname"
        autoComplete="nickname"
        autoFocus
        value={nickname}
        onChange={(event) => setNickname(event.target.value)}
        error={form.errors.nickname}
        required
      />
    </InlineEditForm>
  );
}

/** 身長 (cm, one decimal): the BMI lines of the weight page need it. Blank clears it. */
function HeightForm({ member, onSaved, onCancel }: { member: UserInfo; onSaved: () => void; onCancel: () => void }) {
  const [height, setHeight] = useState(member.height === undefined ? '' : String(member.height));
  const update = useUpdateProfile();
  const form = useContractForm({
    loadSchema: loadProfileSchema,
    mutation: update,
    onSuccess: onSaved,
  });

  return (
    <InlineEditForm
      name="身長の変更"
      form={form}
      submits={() => ({ nickname: member.nickname, height: heightFromText(height) })}
      onCancel={onCancel}
    >
      <TextField
        label="身長（cm）"
        hint={`${HEIGHT_HINT}空欄で保存すると削除します。`}
        name="height"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        value={height}
        onChange={(event) => setHeight(event.target.value)}
        error={form.errors.height ?? form.errors.nickname}
      />
    </InlineEditForm>
  );
}

function formatBirthday(value: string): string {
  return japaneseDate(value);
}

type Editing = 'nickname' | 'height' | null;

const SAVED_MESSAGES: Record<Exclude<Editing, null>, string> = {
  nickname: 'ニックネームを変更しました。',
  height: '身長を保存しました。',
};

function Profile({ member }: { member: UserInfo }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<Editing>(null);
  const navigation = useNavigationInfo();
  const smsStatus = navigation.data ? (navigation.data.smsMfaEnabled ? '設定済み' : '未設定') : null;
  const edit = (what: Exclude<Editing, null>) => {
    setSaved(null);
    setEditing(what);
  };
  const done = (what: Exclude<Editing, null>) => () => {
    setEditing(null);
    setSaved(what);
  };

  return (
    <Stack $gap={3}>
      <Heading>アカウント設定</Heading>
      <Card aria-labelledby="profile-heading">
        <SectionHeading id="profile-heading">プロフィール</SectionHeading>
        {editing === 'nickname' ? (
          <NicknameForm current={member.nickname} onSaved={done('nickname')} onCancel={() => setEditing(null)} />
        ) : null}
        {editing === 'height' ? <HeightForm member={member} onSaved={done('height')} onCancel={() => setEditing(null)} /> : null}
        <div aria-live="polite">{saved && !editing ? <Saved>{SAVED_MESSAGES[saved]}</Saved> : null}</div>
        <Items>
          {editing === 'nickname' ? null : (
            <Row
              label="ニックネーム"
              action={
                <ActionButton type="button" aria-label="ニックネームを変更する" onClick={() => edit('nickname')}>
                  変更する
                </ActionButton>
              }
            >
              {member.nickname}
            </Row>
          )}
          {editing === 'height' ? null : (
            <Row
              label="身長"
              action={
                <ActionButton
                  type="button"
                  aria-label={member.height === undefined ? '身長を登録する' : '身長を変更する'}
                  onClick={() => edit('height')}
                >
                  {member.height === undefined ? '登録する' : '変更する'}
                </ActionButton>
              }
            >
              {member.height === undefined ? <Unset>未登録</Unset> : formatHeight(member.height)}
            </Row>
          )}
          <Row
            label="メールアドレス"
            action={
              <ActionLink href="/settings/email" aria-label="メールアドレスを変更する">
                変更する
              </ActionLink>
            }
          >
            {member.email}
          </Row>
          <Row label="生年月日">{member.birthday ? formatBirthday(member.birthday) : <Unset>未登録</Unset>}</Row>
          <Row
            label="健康保険組合"
            action={
              member.association ? undefined : (
                <ActionLink href={screenLink('userOrgVerification', {})} aria-label="健康保険組合の加入者情報を登録する">
                  登録する
                </ActionLink>
              )
            }
          >
            {member.association ? member.association.name : <Unset>未登録</Unset>}
          </Row>
          <Row
            label="お届け先住所"
            action={
              <ActionLink href="/profile/address" aria-label="お届け先住所を登録・変更する">
                登録・変更する
              </ActionLink>
            }
          >
            ギフトのお届け先
          </Row>
        </Items>
      </Card>
      <Card aria-labelledby="security-heading">
        <SectionHeading id="security-heading">ログインとセキュリティ</SectionHeading>
        <List>
          <li>
            <LinkRow href="/mfa/setting/sms/intro">
              SMS認証（2段階認証）の設定
              {smsStatus ? <Note>{smsStatus}</Note> : null}
            </LinkRow>
          </li>
          <li>
            <LinkRow href="/password_reset/new">パスワードの再設定</LinkRow>
          </li>
        </List>
      </Card>
      <Card aria-labelledby="settings-heading">
        <SectionHeading id="settings-heading">通知と同意</SectionHeading>
        <List>
          <li>
            <LinkRow href="/settings/notifications">通知設定</LinkRow>
          </li>
          <li>
            <LinkRow href="/privacy_provision_agreements">健康情報の提供への同意</LinkRow>
          </li>
        </List>
      </Card>
      <Card aria-labelledby="data-heading">
        <SectionHeading id="data-heading">データと退会</SectionHeading>
        <List>
          <li>
            <LinkRow href="/settings/data_export">データのダウンロード</LinkRow>
          </li>
          <li>
            <LinkRow href="/settings/leave">退会</LinkRow>
          </li>
        </List>
      </Card>
      <Text>
        <AppLink href="/">ホームに戻る</AppLink>
      </Text>
    </Stack>
  );
}

/** `/profile`: the member's profile (nickname and height editable) and the way to every account setting. */
export function ProfilePage() {
  usePageTitle('アカウント設定');
  return (
    <PageLayout>
      <Narrow $max={720}>
        <MemberOnly>{(member) => <Profile member={member} />}</MemberOnly>
      </Narrow>
    </PageLayout>
  );
}
