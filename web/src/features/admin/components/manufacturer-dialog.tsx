import type { z } from 'zod';
import { manufacturerInputSchema, type Manufacturer } from '@parts/shared/schemas';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useCreateManufacturer } from '../api/create-manufacturer';
import { useUpdateManufacturer } from '../api/update-manufacturer';
import { useEntityForm, useNameSlug } from '../hooks/use-entity-form';
import { FormDialog } from './form-dialog';

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
  const create = useCreateManufacturer();
  const update = useUpdateManufacturer();
  const { form, errors, editing, dialog } = useEntityForm({
    schema: manufacturerInputSchema,
    open,
    onOpenChange,
    item: manufacturer,
    toValues: emptyValues,
    create: create.mutateAsync,
    update: update.mutateAsync,
  });
  const { slug, nameInput } = useNameSlug(form, editing);

  return (
    <FormDialog
      {...dialog}
      title={editing ? 'Edit Manufacturer' : 'Create New Manufacturer'}
      description={editing ? 'Update the manufacturer details.' : 'Add a new manufacturer to the catalogue.'}
      submitLabel={editing ? 'Update Manufacturer' : 'Create Manufacturer'}
    >
      <FormField label="Manufacturer Name" error={errors.name?.message}>
        <Input {...nameInput} />
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
    </FormDialog>
  );
}
