import type { NotificationSettings } from '@sukoyaka/contract';
import { notificationCategories } from '@sukoyaka/contract/account-terms';
import { AppLink, Button, describeError, FormError, LoadingSkeleton, MemberOnly, Stack, Text, usePageTitle } from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useNotificationSettings } from './api/get-notification-settings';
import { useUpdateNotificationSettings } from './api/update-notification-settings';
import { CardPage } from '../parts/CardPage';

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1.5)};
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.spacing(1)};
  font-weight: 700;
`;

const Saved = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 700;
`;

function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const [settings, setSettings] = useState<NotificationSettings>(initial);
  const [saved, setSaved] = useState(false);
  const update = useUpdateNotificationSettings();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate(settings, { onSuccess: () => setSaved(true) });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="通知設定">
      <Stack $gap={2.5}>
        {update.error ? <FormError>{describeError(update.error)}</FormError> : null}
        <Fieldset>
          <Legend>受け取る通知</Legend>
          {notificationCategories.map((category) => (
            <Checkbox
              key={category.key}
              name={category.key}
              label={category.label}
              description={category.description}
              checked={settings[category.key]}
              onChange={(event) => {
                setSaved(false);
                setSettings((current) => ({ ...current, [category.key]: event.target.checked }));
              }}
            />
          ))}
        </Fieldset>
        <div>
          <Button type="submit" busy={update.isPending}>
            {update.isPending ? '保存しています…' : '保存する'}
          </Button>
        </div>
        <div aria-live="polite">{saved ? <Saved>通知設定を保存しました。</Saved> : null}</div>
      </Stack>
    </form>
  );
}

function Settings() {
  const { data, error, isPending } = useNotificationSettings();
  if (error) throw error;
  if (isPending || !data) return <LoadingSkeleton label="通知設定を読み込んでいます" rows={4} />;
  return <SettingsForm initial={data} />;
}

/** `/settings/notifications`: which notifications the member receives, per category (all on until turned off). */
export function NotificationSettingsPage() {
  usePageTitle('通知設定');
  return (
    <CardPage max={640} title="通知設定">
      <Text $muted>受け取りたい通知を選んでください。ご本人確認やセキュリティに関する大切なお知らせは、設定にかかわらずお送りします。</Text>
      <MemberOnly>{() => <Settings />}</MemberOnly>
      <Text>
        <AppLink href="/profile">アカウント設定に戻る</AppLink>
      </Text>
    </CardPage>
  );
}
