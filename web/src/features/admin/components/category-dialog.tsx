import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { categoryInputSchema, type Category } from '@parts/shared/schemas';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { autoSlug } from '../lib/slug-autofill';
import { excludedParents } from '../lib/category-tree';

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
  const editing = category !== undefined;
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const form = useForm<Values, unknown, z.output<typeof categoryInputSchema>>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: emptyValues(category),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(emptyValues(category));
  }, [open, category, form]);

  const close = () => {
    form.reset(emptyValues());
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (category) await update.mutateAsync({ id: category.id, input });
      else await create.mutateAsync(input);
      close();
    } catch {
      // The mutation's error toast already told the admin; the dialog stays open for a fix.
    }
  });

  const excluded = excludedParents(categories, category?.id);
  const parentOptions = categories.filter((c) => !excluded.has(c.id));
  const slug = String(useWatch({ control: form.control, name: 'slug' }) ?? '');
  const nameField = form.register('name');

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Category' : 'Create New Category'}</DialogTitle>
          <DialogDescription>{editing ? 'Update the category details.' : 'Add a new category to the catalogue.'}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label="Category Name" error={errors.name?.message}>
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
                <Select value={field.value ? String(field.value) : NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
                  <SelectTrigger id="category-parent">
                    <SelectValue placeholder="None" />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>None</SelectItem>
                    {parentOptions.map((c) => (
                      <SelectItem key={c.id} value={String(c.id)}>
                        {c.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
            )}
          />
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Category' : 'Create Category'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
