import type { PoNumberRule } from '@parts/shared/orders';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ATTACHMENT_EXTENSIONS } from '@parts/shared/constants';

export interface PurchaseOrderDraft {
  number: string;
  file: File | null;
}

/** The buyer's purchase order beside the acceptance (ADR 121): the PO number (required when the site says so) and an optional PO document. */
export function PurchaseOrderFields({
  id,
  rule,
  value,
  onChange,
}: {
  id: string;
  rule: PoNumberRule;
  value: PurchaseOrderDraft;
  onChange: (value: PurchaseOrderDraft) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-number`}>Your PO number{rule === 'required' ? ' *' : <span className="font-normal text-slate-600"> (optional)</span>}</Label>
        <Input
          id={`${id}-number`}
          className="w-56 max-w-full"
          maxLength={60}
          required={rule === 'required'}
          value={value.number}
          onChange={(e) => onChange({ ...value, number: e.target.value })}
        />
      </div>
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-file`}>
          PO document <span className="font-normal text-slate-600">(optional)</span>
        </Label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ATTACHMENT_EXTENSIONS.join(',')}
          className="max-w-full text-sm"
          onChange={(e) => onChange({ ...value, file: e.target.files?.[0] ?? null })}
        />
      </div>
    </div>
  );
}
