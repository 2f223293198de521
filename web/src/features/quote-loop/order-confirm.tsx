import { useState } from 'react';
import { utcDay } from '@parts/shared/quote-offers';
import type { ConfirmOrderInput, Order } from '@parts/shared/orders';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-client';
import { useConfirmOrder } from './api/order';

interface LineAnswer {
  ship: boolean;
  day: string;
  reason: string;
}

/**
 * The reseller's confirmation of a placed order (ADR 121): each line ships on a date, or is rejected with a
 * reason; one confirmation for the whole order. The server checks the same and refuses a second one (409).
 */
export function OrderConfirm({ order }: { order: Order }) {
  const confirm = useConfirmOrder(order.quoteId);
  const [answers, setAnswers] = useState<Record<number, LineAnswer>>(() =>
    Object.fromEntries(order.lines.map((l) => [l.itemId, { ship: true, day: '', reason: '' }])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  if (order.state !== 'placed') return null;
  const set = (itemId: number, patch: Partial<LineAnswer>) => setAnswers((all) => ({ ...all, [itemId]: { ...all[itemId]!, ...patch } }));

  const submit = () => {
    setProblem(null);
    const lines: ConfirmOrderInput['lines'] = [];
    for (const line of order.lines) {
      const a = answers[line.itemId]!;
      if (a.ship && !a.day) return setProblem(`Give ${line.partNumber} a ship date, or reject it with a reason`);
      if (!a.ship && !a.reason.trim()) return setProblem(`Say why ${line.partNumber} is rejected`);
      lines.push(a.ship ? { itemId: line.itemId, shipDate: a.day } : { itemId: line.itemId, rejectReason: a.reason.trim() });
    }
    confirm.mutate({ lines }, { onError: (error) => setProblem(errorText(error, 'An error occurred. Please try again.')) });
  };

  return (
    <section aria-label="Confirm the order" className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-md border border-blue-200 bg-blue-50/40 p-3">
      <h4 className="text-sm font-semibold">Confirm the order</h4>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
        {order.lines.map((line) => {
          const a = answers[line.itemId]!;
          return (
            <li key={line.itemId} className="flex flex-wrap items-center gap-2 text-sm" data-testid="confirm-line" data-item-id={line.itemId}>
              <span className="min-w-0 grow basis-48 break-words">
                <span className="font-mono text-xs">{line.partNumber}</span> {line.name}
              </span>
              <select
                aria-label={`What happens to ${line.partNumber}`}
                className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
                value={a.ship ? 'ship' : 'reject'}
                onChange={(e) => set(line.itemId, { ship: e.target.value === 'ship' })}
              >
                <option value="ship">Ships on</option>
                <option value="reject">Reject</option>
              </select>
              {a.ship ? (
                <Input
                  type="date"
                  aria-label={`Ship date for ${line.partNumber}`}
                  min={utcDay(new Date())}
                  value={a.day}
                  onChange={(e) => set(line.itemId, { day: e.target.value })}
                  className="h-9 w-44"
                />
              ) : (
                <Input
                  aria-label={`Why ${line.partNumber} is rejected`}
                  placeholder="Reason"
                  maxLength={300}
                  value={a.reason}
                  onChange={(e) => set(line.itemId, { reason: e.target.value })}
                  className="h-9 w-56 max-w-full"
                />
              )}
            </li>
          );
        })}
      </ul>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div>
        <Button onClick={submit} disabled={confirm.isPending}>
          Confirm order
        </Button>
      </div>
    </section>
  );
}
