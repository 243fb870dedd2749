import type { NotificationSettings } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const notificationSettingsQueryKey = ['notificationSettings'] as const;

export async function getNotificationSettings(): Promise<NotificationSettings> {
  return (await api.getNotificationSettings()).settings;
}

export function notificationSettingsQueryOptions() {
  return queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: getNotificationSettings });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
