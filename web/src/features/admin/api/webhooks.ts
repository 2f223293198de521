import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

const hooks = () => api.api.admin.webhooks;
const endpointsKey = ['admin', 'webhooks', 'endpoints'] as const;
const deliveriesKey = ['admin', 'webhooks', 'deliveries'] as const;

export function useWebhookEndpoints() {
  return useQuery({ queryKey: endpointsKey, queryFn: async (): Promise<WebhookEndpoint[]> => (await call(hooks().endpoints.$get())).data });
}

/** The last 100 deliveries, newest first; read again every 10 s while the tab is open (a pending one moves on by itself). */
export function useWebhookDeliveries() {
  return useQuery({
    queryKey: deliveriesKey,
    queryFn: async (): Promise<WebhookDelivery[]> => (await call(hooks().deliveries.$get())).data,
    refetchInterval: 10_000,
  });
}

export function useAddWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: WebhookEndpointInput): Promise<WebhookEndpoint> => call(hooks().endpoints.$post({ json })),
    onSuccess: async () => {
      toastSuccess('Webhook endpoint added');
      await queryClient.invalidateQueries({ queryKey: endpointsKey });
    },
    // The form shows the server's message beside the fields.
  });
}

export function useRemoveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await call(hooks().endpoints[':id'].$delete({ param: { id } }));
    },
    onSuccess: async () => {
      toastSuccess('Webhook endpoint removed');
      await queryClient.invalidateQueries({ queryKey: endpointsKey });
    },
    onError: (error) => toastAdminError(error, 'Failed to remove the webhook endpoint'),
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<WebhookDelivery> => call(hooks().deliveries[':id'].redeliver.$post({ param: { id } })),
    onSuccess: async () => {
      toastSuccess('Delivery queued again');
      await queryClient.invalidateQueries({ queryKey: deliveriesKey });
    },
    onError: (error) => toastAdminError(error, 'Failed to queue the delivery again'),
  });
}
