import { useState, type FormEvent } from 'react';
import { RotateCcw, Trash2 } from '../../../components/ui/icons';
import { WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookEventType } from '@parts/shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableHead, TableHeader, TableRow, CardCell } from '../../../components/ui/table';
import { formatDateTime } from '../../../lib/format';
import { serverFieldIssues, serverMessageOr } from '../lib/admin-toasts';
import { useAddWebhookEndpoint, useRedeliver, useRemoveWebhookEndpoint, useWebhookDeliveries, useWebhookEndpoints } from '../api/webhooks';
import { EmptyState } from './empty-state';
import { TabHeader } from './tab-header';

/** The order events are sent once orders exist (issue 28); an endpoint can take them already. */
const QUOTE_EVENTS: WebhookEventType[] = ['quote.submitted', 'offer.sent', 'offer.accepted'];

function AddEndpointForm() {
  const add = useAddWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [secretName, setSecretName] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(QUOTE_EVENTS);
  const issues = serverFieldIssues(add.error);
  const issue = (path: string) => issues.find((i) => i.path === path || i.path.startsWith(`${path}.`))?.message;
  const generalError = add.error && issues.length === 0 ? serverMessageOr(add.error, 'Failed to add the webhook endpoint') : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ url, secretName, events }, { onSuccess: () => (setUrl(''), setSecretName('')) });
  };
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((list) => (on ? [...list, type] : list.filter((t) => t !== type)));
  return (
    <form onSubmit={submit} className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="webhook-url">Endpoint URL</Label>
        <Input
          id="webhook-url"
          type="url"
          placeholder="https://erp.example.com/webhooks"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={!!issue('url')}
        />
        {issue('url') ? <p className="text-sm text-red-700">{issue('url')}</p> : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="webhook-secret">Secret name</Label>
        <Input id="webhook-secret" placeholder="erp" value={secretName} onChange={(e) => setSecretName(e.target.value)} aria-invalid={!!issue('secretName')} />
        {issue('secretName') ? <p className="text-sm text-red-700">{issue('secretName')}</p> : null}
      </div>
      <fieldset className="md:col-span-2">
        <legend className="mb-2 text-sm font-medium">Events</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <Checkbox checked={events.includes(type)} onCheckedChange={(on) => toggle(type, on === true)} />
              <code>{type}</code>
            </label>
          ))}
        </div>
        {issue('events') ? <p className="mt-1 text-sm text-red-700">{issue('events')}</p> : null}
      </fieldset>
      <p className="text-sm text-slate-600 md:col-span-2">
        The secret itself is never entered here: it is set under this name in the server&apos;s configuration (Secrets Manager on AWS), and each delivery is
        signed with it.
      </p>
      {generalError ? <p className="text-sm text-red-700 md:col-span-2">{generalError}</p> : null}
      <div className="md:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          Add endpoint
        </Button>
      </div>
    </form>
  );
}

function Endpoints() {
  const endpoints = useWebhookEndpoints();
  const remove = useRemoveWebhookEndpoint();
  if (endpoints.isPending) return <Skeleton className="h-16 w-full" />;
  const list = endpoints.data ?? [];
  if (list.length === 0) return <p className="text-sm text-slate-600">No endpoints yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
      {list.map((e) => (
        <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <div className="min-w-0">
            <p className="break-all font-medium">{e.url}</p>
            <p className="text-sm text-slate-600">
              Secret <code>{e.secretName}</code> · {e.events.join(', ')}
            </p>
          </div>
          <Button variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(e.id)} aria-label={`Remove ${e.url}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

const STATE_LABEL: Record<WebhookDelivery['state'], string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };
const STATE_CLASS: Record<WebhookDelivery['state'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  delivered: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

function Deliveries() {
  const deliveries = useWebhookDeliveries();
  const redeliver = useRedeliver();
  if (deliveries.isPending) return <Skeleton className="h-40 w-full" />;
  const list = deliveries.data ?? [];
  if (list.length === 0) return <EmptyState title="No Deliveries" text="Each event sent to an endpoint will appear here." />;
  return (
    <Table aria-label="Webhook deliveries">
      <TableHeader className="hidden md:table-header-group">
        <TableRow>
          <TableHead>Event</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Response</TableHead>
          <TableHead>Time</TableHead>
          <TableHead className="text-right">Action</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {list.map((d) => (
          <TableRow key={d.id} className="grid grid-cols-2 gap-x-4 gap-y-2 py-3 md:table-row md:py-0">
            <CardCell label="Event" className="col-span-2">
              <code className="font-medium">{d.eventType}</code>
              <span className="block break-all text-xs text-slate-500">
                {d.eventId} → {d.url}
              </span>
            </CardCell>
            <CardCell label="Status">
              <Badge className={STATE_CLASS[d.state]}>{STATE_LABEL[d.state]}</Badge>
              <span className="block text-xs text-slate-500">
                {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
            </CardCell>
            <CardCell label="Response">
              {d.responseCode ?? '—'}
              {d.lastError && d.state !== 'delivered' ? <span className="block break-words text-xs text-slate-500">{d.lastError}</span> : null}
            </CardCell>
            <CardCell label="Time">{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</CardCell>
            <CardCell className="flex items-end md:table-cell md:text-right">
              <Button
                variant="outline"
                size="sm"
                disabled={redeliver.isPending}
                onClick={() => redeliver.mutate(d.id)}
                aria-label={`Redeliver ${d.eventType} ${d.eventId}`}
              >
                <RotateCcw className="h-4 w-4" aria-hidden />
                Redeliver
              </Button>
            </CardCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Signed webhooks to the reseller's ERP (ADR 123): endpoints and the last 100 deliveries. */
export function WebhooksTab() {
  return (
    <div className="grid gap-6">
      <TabHeader title="Webhooks">{null}</TabHeader>
      <Card>
        <CardHeader>
          <CardTitle>Endpoints</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Endpoints />
          <AddEndpointForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Deliveries</CardTitle>
        </CardHeader>
        <CardContent>
          <Deliveries />
        </CardContent>
      </Card>
    </div>
  );
}
