import { useCallback, useEffect, useRef, useState } from 'react';
import type { OfferDraft } from '@parts/shared/offer-drafts';
import type { QuoteItem } from '@parts/shared/schemas';
import { addDays, utcDay, type Offer, type OfferInput, type OfferLineInput } from '@parts/shared/quote-offers';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../hooks/use-toast';
import { errorText } from '../../lib/api-client';
import { useSendOffer } from './api/send-offer';
import { DEFAULT_VALIDITY_DAYS, draftFor, toInput, type LineDraft } from './offer-line-draft';
import { useOfferDraft } from './use-offer-draft';
import { OfferLines } from './offer-lines';
import { loadCatalogPrices, useDiscardOfferDraft, useSaveOfferDraft, useServerOfferDraft } from './api/offer-draft';
import { BulkPanel } from './bulk-panel';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/format';
import { fromServerDraft, toServerDraft } from './offer-draft-sync';
import { PriceSheetPanel } from './price-sheet-panel';

/**
 * The reseller's offer: a price (with breaks), lead time, MOQ, optional alternative and note per
 * line, or "cannot supply" with a reason; a validity date and a message. A revision starts from the
 * latest version. The server computes every total again and freezes the version.
 */
type EditorProps = { quoteId: number; items: QuoteItem[]; previous: Offer | undefined; onDone: () => void };

/** The editor once the server's draft (ADR 126) is read: a draft of this version, from any device or admin, comes back. */
export function OfferEditor(props: EditorProps) {
  const server = useServerOfferDraft(props.quoteId);
  if (server.isPending) return <Skeleton className="h-48 w-full" />;
  const draft = server.data?.draft;
  const usable = draft && draft.basedOnVersion === (props.previous?.version ?? 0) ? fromServerDraft(draft, props.items) : undefined;
  return <EditorForm {...props} server={usable ? { draft: draft!, lines: usable } : undefined} />;
}

/** Saves the draft on the server a pause after the last change (a 2,000-line draft is not sent on every keystroke). */
const SAVE_AFTER_MS = 1500;

function EditorForm({ quoteId, items, previous, onDone, server }: EditorProps & { server: { draft: OfferDraft; lines: LineDraft[] } | undefined }) {
  const send = useSendOffer(quoteId);
  const today = utcDay(new Date());
  // Kept in storage while typed, so a reload does not lose a half-written offer (use-stored-draft.ts).
  const draft = useOfferDraft(
    quoteId,
    items,
    previous,
    () =>
      server
        ? { lines: server.lines, validUntil: server.draft.validUntil, message: server.draft.message }
        : {
            lines: items.map((i) => draftFor(i, previous)),
            validUntil: previous && previous.validUntil >= today ? previous.validUntil : addDays(today, DEFAULT_VALIDITY_DAYS),
            message: '',
          },
    server !== undefined,
  );
  const save = useSaveOfferDraft(quoteId);
  const discard = useDiscardOfferDraft(quoteId);
  const [savedBy, setSavedBy] = useState(server ? { by: server.draft.savedBy, at: server.draft.savedAt } : null);
  const first = useRef(draft.value);
  const saveDraft = save.mutate;
  const basedOnVersion = previous?.version ?? 0;
  useEffect(() => {
    if (draft.value === first.current) return;
    const timer = setTimeout(
      () => saveDraft(toServerDraft(draft.value, basedOnVersion), { onSuccess: ({ draft: d }) => setSavedBy({ by: d.savedBy, at: d.savedAt }) }),
      SAVE_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [draft.value, basedOnVersion, saveDraft]);
  const { lines, validUntil, message } = draft.value;
  const setDraft = draft.set;
  const setLines = useCallback((next: (all: LineDraft[]) => LineDraft[]) => setDraft((d) => ({ ...d, lines: next(d.lines) })), [setDraft]);
  const setValidUntil = (value: string) => draft.set((d) => ({ ...d, validUntil: value }));
  const setMessage = (value: string) => draft.set((d) => ({ ...d, message: value }));
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const onCheck = useCallback(
    (itemId: number, on: boolean) =>
      setChecked((all) => {
        const next = new Set(all);
        if (on) next.add(itemId);
        else next.delete(itemId);
        return next;
      }),
    [],
  );
  const version = (previous?.version ?? 0) + 1;

  const submit = () => {
    const built = lines.map(toInput);
    const firstProblem = built.find((l): l is string => typeof l === 'string');
    if (firstProblem) return setProblem(firstProblem);
    if (!validUntil) return setProblem('Choose the last day the offer is valid');
    setProblem(null);
    const input: OfferInput = {
      basedOnVersion: previous?.version ?? 0,
      validUntil,
      ...(message.trim() ? { message: message.trim() } : {}),
      lines: built as OfferLineInput[],
    };
    send.mutate(input, {
      onSuccess: () => {
        draft.clear();
        discard.mutate();
        toast({ title: 'Offer sent', description: `Version ${version} of the offer was sent to the buyer.` });
        onDone();
      },
      onError: (error) => setProblem(errorText(error, 'The offer could not be sent. Please try again.')),
    });
  };

  return (
    // Not a <form>: each line's alternative picker is a search form of its own, and forms do not nest.
    <div role="group" className="grid gap-4" aria-label={`Offer version ${version}`}>
      <h4 className="text-sm font-semibold">{previous ? `Revise the offer (version ${version})` : 'New offer'}</h4>
      {draft.restored ? (
        <p className="text-sm text-slate-700" data-testid="offer-draft-restored">
          Your unsent draft of this offer was restored.
        </p>
      ) : null}
      {savedBy ? (
        <p className="text-sm text-slate-700" data-testid="offer-draft-saved">
          Draft by {savedBy.by} at {formatDateTime(savedBy.at)}
        </p>
      ) : null}
      <PriceSheetPanel quoteId={quoteId} lines={lines} onApply={setLines} />
      <BulkPanel lines={lines} checked={checked} setLines={setLines} loadPrices={loadCatalogPrices} />
      <OfferLines lines={lines} setLines={setLines} checked={checked} onCheck={onCheck} />
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div className="grid gap-1.5">
          <label htmlFor={`offer-${quoteId}-valid`} className="text-sm font-medium">
            Valid until
          </label>
          <Input id={`offer-${quoteId}-valid`} type="date" min={today} value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`offer-${quoteId}-message`} className="text-sm font-medium">
            Message to the buyer (optional)
          </label>
          <Textarea id={`offer-${quoteId}-message`} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={send.isPending}>
          {send.isPending ? 'Sending...' : previous ? `Send version ${version}` : 'Send offer'}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            draft.clear();
            discard.mutate();
            onDone();
          }}
          disabled={send.isPending}
        >
          {draft.restored || savedBy ? 'Discard draft' : 'Cancel'}
        </Button>
      </div>
    </div>
  );
}
