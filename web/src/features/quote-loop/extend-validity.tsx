import { useState } from 'react';
import { addDays, utcDay } from '@parts/shared/quote-offers';
import type { OfferSummary } from '@parts/shared/schemas';
import { effectiveOfferState, mayMove } from '@parts/shared/quote-transitions';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorText } from '../../lib/api-client';
import { useExtendOffer } from './api/extend-offer';

/**
 * The reseller's "extend validity" for the latest version, open or expired (the `extend` row of the
 * transition table): a later last valid day, the same version; the buyer gets a mail.
 */
export function ExtendValidity({ quoteId, offer }: { quoteId: number; offer: OfferSummary }) {
  const extend = useExtendOffer(quoteId, offer.version);
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(() => addDays(offer.validUntil, 14));
  const [problem, setProblem] = useState<string | null>(null);
  if (!mayMove('extend', effectiveOfferState(offer, utcDay(new Date())), 'admin')) return null;
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Extend validity
      </Button>
    );
  }
  const submit = () => {
    setProblem(null);
    extend.mutate(day, { onSuccess: () => setOpen(false), onError: (error) => setProblem(errorText(error, 'An error occurred. Please try again.')) });
  };
  const id = `extend-${quoteId}`;
  return (
    <div className="flex w-full flex-wrap items-end gap-2 rounded-md border border-slate-200 p-2" data-testid="extend-validity">
      <div className="grid gap-1">
        <Label htmlFor={id}>Valid until</Label>
        <Input id={id} type="date" value={day} min={utcDay(new Date())} onChange={(e) => setDay(e.target.value)} className="w-44" />
      </div>
      <Button size="sm" onClick={submit} disabled={extend.isPending || !day}>
        Extend version {offer.version}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen(false)} disabled={extend.isPending}>
        Cancel
      </Button>
      {problem ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
