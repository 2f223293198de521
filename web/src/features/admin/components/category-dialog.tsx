import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { categoryInputSchema, type Category } from '@parts/shared/schemas';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { useEntityForm, useNameSlug } from '../hooks/use-entity-form';
import { excludedParents } from '../lib/category-tree';
import { idOptions } from '../lib/select-options';
import { FormDialog } from './form-dialog';
import { OptionSelect } from './option-select';

type Values = z.input<typeof categoryInputSchema>;
const NONE = 'none';

function emptyValues(category?: Category): Values {
  return {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    parentId: category?.parentId ? String(category.parentId) : '',
  };
}

interface CategoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category?: Category;
  categories: Category[];
}

export function CategoryDialog({ open, onOpenChange, category, categories }: CategoryDialogProps) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const { form, errors, editing, dialog } = useEntityForm({
    schema: categoryInputSchema,
    open,
    onOpenChange,
    item: category,
    toValues: emptyValues,
    create: create.mutateAsync,
    update: update.mutateAsync,
  });
  const { slug, nameInput } = useNameSlug(form, editing);

  const excluded = excludedParents(categories, category?.id);
  const parentOptions = [{ value: NONE, label: 'None' }, ...idOptions(categories.filter((c) => !excluded.has(c.id)))];

  return (
    <FormDialog
      {...dialog}
      title={editing ? 'Edit Category' : 'Create New Category'}
      description={editing ? 'Update the category details.' : 'Add a new category to the catalogue.'}
      submitLabel={editing ? 'Update Category' : 'Create Category'}
    >
      <FormField label="Category Name" error={errors.name?.message}>
        <Input {...nameInput} />
      </FormField>
      <FormField label="URL Slug" error={errors.slug?.message} hint={`URL preview: /catalog/${slug || 'category-slug'}`}>
        <Input {...form.register('slug')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea {...form.register('description')} />
      </FormField>
      <Controller
        control={form.control}
        name="parentId"
        render={({ field }) => (
          <FormField label="Parent Category" id="category-parent" error={errors.parentId?.message}>
            <OptionSelect
              id="category-parent"
              value={field.value ? String(field.value) : NONE}
              onValueChange={(v) => field.onChange(v === NONE ? '' : v)}
              options={parentOptions}
              placeholder="None"
            />
          </FormField>
        )}
      />
    </FormDialog>
  );
}
