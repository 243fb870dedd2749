import type { NotificationSettings } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSettingsQueryKey } from './get-notification-settings';

export async function updateNotificationSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return (await api.updateNotificationSettings({ settings })).settings;
}

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => client.setQueryData(notificationSettingsQueryKey, saved),
  });
}
