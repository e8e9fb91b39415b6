// GET /api/core/notifications/ (a page, with the unread number), POST …/read/, and the mail settings
// (GET/PATCH /api/auth/notification-settings/). The unread number is read again every minute and when
// the window regains focus, so the bell catches up without a reload.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MarkReadRequest,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationSettings,
  type NotificationSettingsPatch,
  type NotificationsResponse,
} from '@workspace/contracts';
import { api } from '@/lib/api-client';

const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['notifications', page],
    queryFn: ({ signal }) =>
      api.get<NotificationsResponse>('/core/notifications/', {
        query: { page, page_size: NOTIFICATIONS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

export function useNotifications(page: number, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(page), enabled });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: MarkReadRequest) => api.post<void>('/core/notifications/read/', which),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

const settingsKey = ['notification-settings'];

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get<NotificationSettings>('/auth/notification-settings/', { signal }),
  });
}

export function useChangeNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: NotificationSettingsPatch) =>
      api.patch<NotificationSettings>('/auth/notification-settings/', change),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
}
