import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { adminQuoteCreateSchema } from '@parts/shared/schemas';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useCreateQuoteRequest } from '../api/create-quote-request';
import { useEntityForm } from '../hooks/use-entity-form';
import { QUOTE_STATUS_OPTIONS } from '../lib/select-options';
import { FormDialog } from './form-dialog';
import { OptionSelect } from './option-select';

type Values = z.input<typeof adminQuoteCreateSchema>;
const EMPTY: Values = { customerName: '', customerEmail: '', customerPhone: '', customerCompany: '', status: 'pending', notes: '' };
const emptyValues = () => EMPTY;

export function QuoteCreateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateQuoteRequest();
  const { form, errors, dialog } = useEntityForm({ schema: adminQuoteCreateSchema, open, onOpenChange, toValues: emptyValues, create: create.mutateAsync });

  return (
    <FormDialog
      {...dialog}
      title="Create New Quote Request"
      description="Record a quote request on behalf of a customer."
      submitLabel="Create Quote Request"
      busyLabel="Creating..."
    >
      <FormField label="Customer Name" error={errors.customerName?.message}>
        <Input {...form.register('customerName')} />
      </FormField>
      <FormField label="Customer Email" error={errors.customerEmail?.message}>
        <Input type="email" {...form.register('customerEmail')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Customer Phone" error={errors.customerPhone?.message}>
          <Input type="tel" {...form.register('customerPhone')} />
        </FormField>
        <FormField label="Customer Company" error={errors.customerCompany?.message}>
          <Input {...form.register('customerCompany')} />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <FormField label="Status" id="quote-create-status" error={errors.status?.message}>
            <OptionSelect id="quote-create-status" value={String(field.value ?? 'pending')} onValueChange={field.onChange} options={QUOTE_STATUS_OPTIONS} />
          </FormField>
        )}
      />
      <FormField label="Notes" error={errors.notes?.message}>
        <Textarea {...form.register('notes')} />
      </FormField>
    </FormDialog>
  );
}
