import { useState } from 'react';
import { formatCents, utcDay, type LineChoice, type Offer } from '@parts/shared/quote-offers';
import { acceptedTotal } from '@parts/shared/offer-pricing';
import { effectiveOfferState, mayMove } from '@parts/shared/quote-transitions';
import { PO_NUMBER_REQUIRED, type PoNumberRule } from '@parts/shared/orders';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, errorText } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useAnswerOffer } from './api/answer-offer';
import { AnswerLines } from './answer-lines';
import { PurchaseOrderFields, type PurchaseOrderDraft } from './purchase-order-fields';

type Mode = 'choose' | 'decline' | 'revision';

/**
 * The buyer's answer to the latest version: accept every line or line by line (the offered part, its
 * alternative, or not this line), decline with a reason, or ask for a revision with a message.
 * `onConflict`: the server refused the answer because the offer changed meanwhile (409); this form is
 * replaced by the fresh offer at once, so the caller keeps the message (buyer-offer.tsx).
 */
export function OfferAnswer({
  offer,
  poNumber = 'optional',
  onConflict,
}: {
  offer: Offer;
  /** Whether the site asks for the buyer's PO number (the request's detail says). */
  poNumber?: PoNumberRule;
  onConflict?: (version: number, message: string) => void;
}) {
  const answer = useAnswerOffer(offer.quoteId, offer.version, onConflict);
  const state = effectiveOfferState(offer, utcDay(new Date()));
  const offered = offer.lines.filter((l) => l.status === 'offered');
  const [choices, setChoices] = useState<Record<number, LineChoice>>(() => Object.fromEntries(offered.map((l) => [l.itemId, 'offered'])));
  const [mode, setMode] = useState<Mode>('choose');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [po, setPo] = useState<PurchaseOrderDraft>({ number: '', file: null });

  // What the buyer may do from this state: the transition table (shared/src/quote-transitions.ts).
  const canAnswer = mayMove('accept', state, 'buyer');
  const canRevise = mayMove('request_revision', state, 'buyer');
  if (!canRevise) return null;

  const picked = offered.map((l) => ({ itemId: l.itemId, choice: choices[l.itemId] ?? 'offered' }));
  const acceptedCount = picked.filter((c) => c.choice !== 'declined').length;
  const total = acceptedTotal(offer, picked);
  const fail = (error: unknown) => {
    // A conflict is reported to `onConflict` by the mutation itself.
    if (!(error instanceof ApiError && error.status === 409 && onConflict)) setProblem(errorText(error, 'An error occurred. Please try again.'));
  };

  const accept = () => {
    setProblem(null);
    const lines = offer.lines.map((l) => ({ itemId: l.itemId, choice: l.status === 'offered' ? (choices[l.itemId] ?? 'offered') : ('declined' as const) }));
    const number = po.number.trim();
    if (poNumber === 'required' && !number) return setProblem(PO_NUMBER_REQUIRED);
    answer.mutate(
      {
        answer: { kind: 'accept', input: { lines, ...(number ? { purchaseOrder: { number } } : {}) }, poFile: po.file },
        done: {
          title: 'Offer accepted',
          description: `You accepted ${acceptedCount} of ${offered.length} lines for ${formatCents(total)}. We will confirm your order shortly.`,
        },
      },
      { onError: fail },
    );
  };
  const sendText = () => {
    setProblem(null);
    const value = text.trim();
    if (!value) return setProblem(mode === 'decline' ? 'Give a reason' : 'Say what should change');
    answer.mutate(
      mode === 'decline'
        ? { answer: { kind: 'decline', input: { reason: value } }, done: { title: 'Offer declined', description: 'We have let the reseller know.' } }
        : {
            answer: { kind: 'revision', input: { message: value } },
            done: { title: 'Revision requested', description: 'The reseller will send you a revised offer.' },
          },
      { onError: fail },
    );
  };

  return (
    <section aria-label="Your answer" className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-md border border-blue-200 bg-blue-50/40 p-3">
      <h4 className="text-sm font-semibold">Your answer</h4>
      {state === 'expired' ? (
        <p className="text-sm text-slate-700">
          This offer expired on {formatDate(offer.validUntil)} and can no longer be accepted. Ask for a revision to get a new offer.
        </p>
      ) : null}
      {state === 'declined' ? <p className="text-sm text-slate-700">You declined this offer. You can still ask for a revision.</p> : null}

      {canAnswer && mode === 'choose' ? (
        <>
          <AnswerLines offer={offer} choices={choices} onChoose={(itemId, choice) => setChoices((all) => ({ ...all, [itemId]: choice }))} />
          <p className="text-sm" data-testid="accept-summary">
            Accepting {acceptedCount} of {offered.length} {offered.length === 1 ? 'line' : 'lines'}: <span className="font-semibold">{formatCents(total)}</span>
          </p>
          <PurchaseOrderFields id={`po-${offer.quoteId}`} rule={poNumber} value={po} onChange={setPo} />
        </>
      ) : null}

      {mode !== 'choose' ? (
        <div className="grid gap-1.5">
          <label htmlFor={`answer-${offer.quoteId}-text`} className="text-sm font-medium">
            {mode === 'decline' ? 'Why are you declining?' : 'What should change?'}
          </label>
          <Textarea id={`answer-${offer.quoteId}-text`} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      ) : null}

      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {mode === 'choose' ? (
          <>
            {canAnswer ? (
              <Button onClick={accept} disabled={answer.isPending || acceptedCount === 0}>
                {acceptedCount === offered.length ? 'Accept offer' : 'Accept selected lines'}
              </Button>
            ) : null}
            {canAnswer ? (
              <Button variant="outline" onClick={() => setMode('decline')} disabled={answer.isPending}>
                Decline offer
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setMode('revision')} disabled={answer.isPending}>
              Ask for a revision
            </Button>
          </>
        ) : (
          <>
            <Button onClick={sendText} disabled={answer.isPending} variant={mode === 'decline' ? 'destructive' : 'default'}>
              {mode === 'decline' ? 'Decline offer' : 'Send revision request'}
            </Button>
            <Button variant="ghost" onClick={() => setMode('choose')} disabled={answer.isPending}>
              Cancel
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
