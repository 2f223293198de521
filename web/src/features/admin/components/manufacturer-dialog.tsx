import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { manufacturerInputSchema, type Manufacturer } from '@parts/shared/schemas';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useCreateManufacturer } from '../api/create-manufacturer';
import { useUpdateManufacturer } from '../api/update-manufacturer';
import { autoSlug } from '../lib/slug-autofill';

type Values = z.input<typeof manufacturerInputSchema>;

function emptyValues(manufacturer?: Manufacturer): Values {
  return {
    name: manufacturer?.name ?? '',
    slug: manufacturer?.slug ?? '',
    description: manufacturer?.description ?? '',
    logo: manufacturer?.logo ?? '',
  };
}

interface ManufacturerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  manufacturer?: Manufacturer;
}

export function ManufacturerDialog({ open, onOpenChange, manufacturer }: ManufacturerDialogProps) {
  const editing = manufacturer !== undefined;
  const create = useCreateManufacturer();
  const update = useUpdateManufacturer();
  const form = useForm<Values, unknown, z.output<typeof manufacturerInputSchema>>({
    resolver: zodResolver(manufacturerInputSchema),
    defaultValues: emptyValues(manufacturer),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(emptyValues(manufacturer));
  }, [open, manufacturer, form]);

  const close = () => {
    form.reset(emptyValues());
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (manufacturer) await update.mutateAsync({ id: manufacturer.id, input });
      else await create.mutateAsync(input);
      close();
    } catch {
      // The mutation's error toast already told the admin; the dialog stays open for a fix.
    }
  });

  const slug = String(useWatch({ control: form.control, name: 'slug' }) ?? '');
  const nameField = form.register('name');

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Manufacturer' : 'Create New Manufacturer'}</DialogTitle>
          <DialogDescription>{editing ? 'Update the manufacturer details.' : 'Add a new manufacturer to the catalogue.'}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label="Manufacturer Name" error={errors.name?.message}>
            <Input
              {...nameField}
              onChange={(event) => {
                const previousName = String(form.getValues('name') ?? '');
                void nameField.onChange(event);
                const next = autoSlug({ slug: String(form.getValues('slug') ?? ''), previousName, name: event.target.value, editing });
                if (next !== null) form.setValue('slug', next, { shouldValidate: form.formState.isSubmitted });
              }}
            />
          </FormField>
          <FormField label="URL Slug" error={errors.slug?.message} hint={`URL preview: /manufacturer/${slug || 'manufacturer-slug'}`}>
            <Input {...form.register('slug')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Textarea {...form.register('description')} />
          </FormField>
          <FormField label="Logo URL" error={errors.logo?.message}>
            <Input type="url" placeholder="https://example.com/logo.png" {...form.register('logo')} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Manufacturer' : 'Create Manufacturer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
