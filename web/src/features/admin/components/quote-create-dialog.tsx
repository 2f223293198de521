import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { QUOTE_STATUSES } from '@parts/shared/constants';
import { adminQuoteCreateSchema } from '@parts/shared/schemas';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { capitalize } from '../../../lib/format';
import { useCreateQuoteRequest } from '../api/create-quote-request';

type Values = z.input<typeof adminQuoteCreateSchema>;
const EMPTY: Values = { customerName: '', customerEmail: '', customerPhone: '', customerCompany: '', status: 'pending', notes: '' };

export function QuoteCreateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateQuoteRequest();
  const form = useForm<Values, unknown, z.output<typeof adminQuoteCreateSchema>>({
    resolver: zodResolver(adminQuoteCreateSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const close = () => {
    form.reset(EMPTY);
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      close();
    } catch {
      // The mutation's error toast already told the admin; the dialog stays open for a fix.
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Quote Request</DialogTitle>
          <DialogDescription>Record a quote request on behalf of a customer.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
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
                <Select value={String(field.value ?? 'pending')} onValueChange={field.onChange}>
                  <SelectTrigger id="quote-create-status">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {QUOTE_STATUSES.map((s) => (
                      <SelectItem key={s} value={s}>
                        {capitalize(s)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
            )}
          />
          <FormField label="Notes" error={errors.notes?.message}>
            <Textarea {...form.register('notes')} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Creating...' : 'Create Quote Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
