import { useEffect, useRef, type ChangeEvent } from 'react';
import { get, useForm, useWatch, type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { autoSlug } from '../lib/slug-autofill';
import { serverFieldIssues } from '../lib/admin-toasts';

/** Form values compared as data (a specification list is a new array with the same rows). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

interface EntityFormOptions<TIn extends FieldValues, TOut, I extends { id: number }> {
  schema: z.ZodType<TOut, TIn>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The edited item; undefined in a create dialog. */
  item?: I;
  /** Form values for an item, or the empty form; must be stable (module level, or memoised). */
  toValues: (item?: I) => TIn;
  create: (input: TOut) => Promise<unknown>;
  update?: (args: { id: number; input: TOut }) => Promise<unknown>;
}

/**
 * The plumbing of an admin create/edit dialog: the form validated by the shared zod schema, filled
 * from the item each time the dialog opens, saved by the create or update mutation (which toasts),
 * and emptied on close. `dialog` is spread onto FormDialog.
 */
export function useEntityForm<TIn extends FieldValues, TOut, I extends { id: number } = never>(options: EntityFormOptions<TIn, TOut, I>) {
  const { schema, open, onOpenChange, item, toValues, create, update } = options;
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema) as Resolver<TIn, unknown, TOut>,
    defaultValues: toValues(item) as DefaultValues<TIn>,
  });
  const { errors, isSubmitting } = form.formState;

  // Filled whole when the dialog opens (or turns to another item). Values that change while it stays open — a
  // prefill completed by a list that arrived late, a row read again — change only the fields they change that still
  // hold what was filled in: nothing the admin typed or chose, nor what the form filled from it (the slug), is lost.
  const filled = useRef<{ item: I | undefined; values: TIn } | undefined>(undefined);
  useEffect(() => {
    if (!open) {
      filled.current = undefined;
      return;
    }
    const values = toValues(item);
    const before = filled.current;
    filled.current = { item, values };
    if (!before || before.item !== item) {
      form.reset(values);
      return;
    }
    for (const name of Object.keys(values) as Path<TIn>[]) {
      const was = get(before.values, name);
      const now = get(values, name);
      if (!sameValue(was, now) && sameValue(form.getValues(name), was)) form.setValue(name, now as PathValue<TIn, Path<TIn>>);
    }
  }, [open, item, form, toValues]);

  const close = () => {
    form.reset(toValues());
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (item && update) await update({ id: item.id, input });
      else await create(input);
      close();
    } catch (error) {
      // The mutation's error toast already told the admin; the dialog stays open for a fix, with a
      // refusal that names a field (a taken slug or name) shown under that field too.
      const fields = Object.keys(form.getValues());
      for (const issue of serverFieldIssues(error)) {
        if (fields.includes(issue.path)) form.setError(issue.path as Path<TIn>, { type: 'server', message: issue.message });
      }
    }
  });

  return {
    form,
    errors,
    editing: item !== undefined,
    dialog: { open, onOpenChange: (next: boolean) => (next ? onOpenChange(true) : close()), onCancel: close, onSubmit, isSubmitting },
  };
}

/** The name input's props, filling the slug as the name is typed (autoSlug), and the slug for the URL preview. */
export function useNameSlug<TIn extends { name: string; slug: string } & FieldValues, TOut>(form: UseFormReturn<TIn, unknown, TOut>, editing: boolean) {
  const namePath = 'name' as Path<TIn>;
  const slugPath = 'slug' as Path<TIn>;
  const slug = String(useWatch({ control: form.control, name: slugPath }) ?? '');
  const nameField = form.register(namePath);
  const nameInput = {
    ...nameField,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const previousName = String(form.getValues(namePath) ?? '');
      void nameField.onChange(event);
      const next = autoSlug({ slug: String(form.getValues(slugPath) ?? ''), previousName, name: event.target.value, editing });
      if (next !== null) form.setValue(slugPath, next as PathValue<TIn, Path<TIn>>, { shouldValidate: form.formState.isSubmitted });
    },
  };
  return { slug, nameInput };
}
