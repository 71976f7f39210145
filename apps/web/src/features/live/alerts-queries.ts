// The signed-in user's alerts (GET /api/v2/alerts/), kept fresh by the user's live topic.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertKind } from '@vitrine/domain';
import { api } from '../../app/api-client';

export interface AlertItem {
  id: number;
  kind: AlertKind;
  message: string;
  link: string | null;
  read: boolean;
  created_at: string;
}

export interface AlertsPage {
  count: number;
  results: AlertItem[];
  unread_count: number;
}

export const liveKeys = {
  alerts: () => ['live-alerts'] as const,
};

export function useAlerts(enabled: boolean) {
  return useQuery({
    queryKey: liveKeys.alerts(),
    queryFn: ({ signal }) => api.get<AlertsPage>('/v2/alerts/', { query: { page_size: 10 }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ unread_count: number }>('/v2/alerts/read/', { all: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: liveKeys.alerts() }),
  });
}
