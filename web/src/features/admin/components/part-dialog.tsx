import { useCallback } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Plus, Trash2 } from '../../../components/ui/icons';
import { PRICE_DECIMALS } from '@parts/shared/constants';
import { dollarsToMicros, microsToInput, MICROS_PER_DOLLAR, readMoney, type MoneyOptions } from '@parts/shared/numbers/money';
import { NO_CATEGORY_LABEL, UNKNOWN_MANUFACTURER_LABEL } from '@parts/shared/import-fields';
import { MAX_CATALOGUE_PRICE, partInputSchema, type Category, type Manufacturer, type PartInput, type PartView } from '@parts/shared/schemas';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { MoneyInput } from '../../../components/money-input';
import { Textarea } from '../../../components/ui/textarea';
import { useCreatePart } from '../api/create-part';
import { useUpdatePart } from '../api/update-part';
import { useEntityForm, useNameSlug } from '../hooks/use-entity-form';
import { PART_STATUS_OPTIONS, idOptions } from '../lib/select-options';
import { FormDialog } from './form-dialog';
import { OptionSelect } from './option-select';

/** The shared part schema, with specifications edited as rows and folded back into a map on submit. */
const partFormSchema = partInputSchema
  .omit({ specifications: true })
  .extend({
    specRows: z.array(
      z.object({
        key: z.string().trim().min(1, 'Required').max(100),
        value: z.string().trim().min(1, 'Required').max(200),
      }),
    ),
  })
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.specRows.forEach((row, index) => {
      const key = row.key.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['specRows', index, 'key'], message: 'Duplicate specification' });
      seen.add(key);
    });
  });

type Values = z.input<typeof partFormSchema>;

/** A catalogue price as the part schema reads it: 2 decimals, up to $100,000,000. */
const CATALOGUE_PRICE: MoneyOptions = { maxDecimals: PRICE_DECIMALS, maxMicros: MAX_CATALOGUE_PRICE * MICROS_PER_DOLLAR };

/** The select value of "no category" / "manufacturer unknown" (null in the part). */
const NONE = 'none';
type Output = z.output<typeof partFormSchema>;

/** What a new part starts with when it is created from elsewhere (a Demand row: issue 31). */
export interface PartPrefill {
  partNumber: string;
  description?: string;
  manufacturerId?: number;
}

function emptyValues(part?: PartView, prefill?: PartPrefill): Values {
  return {
    name: part?.name ?? '',
    partNumber: part?.partNumber ?? prefill?.partNumber ?? '',
    slug: part?.slug ?? '',
    description: part?.description ?? prefill?.description ?? '',
    status: part?.status ?? 'active',
    // A new part starts with nothing chosen (0, refused until one is: a category or Uncategorized);
    // an existing part without one (null, ADR 101) shows Uncategorized / Unknown Manufacturer.
    categoryId: part ? part.categoryId : 0,
    manufacturerId: part ? part.manufacturerId : (prefill?.manufacturerId ?? 0),
    // As text, read by the shared money reader (the schema reads it again on submit): `12,50` is $12.50.
    price: part?.price == null ? '' : microsToInput(dollarsToMicros(part.price)),
    image: part?.image ?? '',
    specRows: Object.entries(part?.specifications ?? {}).map(([key, value]) => ({ key, value })),
  };
}

function toInput({ specRows, ...rest }: Output): PartInput {
  return { ...rest, specifications: Object.fromEntries(specRows.map((r) => [r.key, r.value])) };
}

/** The part's specifications as name/value rows, added and removed in place. */
function SpecificationRows({ form }: { form: UseFormReturn<Values, unknown, Output> }) {
  const specs = useFieldArray({ control: form.control, name: 'specRows' });
  const errors = form.formState.errors;
  return (
    <fieldset className="grid gap-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">Specifications</legend>
      {specs.fields.length === 0 ? <p className="text-sm text-slate-600">No specifications yet.</p> : null}
      {specs.fields.map((row, index) => {
        const rowErrors = errors.specRows?.[index];
        return (
          <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <div className="grid gap-1">
              <Label htmlFor={`spec-key-${row.id}`} className="sr-only">
                Specification {index + 1} name
              </Label>
              <Input
                id={`spec-key-${row.id}`}
                placeholder="Name (e.g. bore)"
                aria-invalid={rowErrors?.key ? true : undefined}
                {...form.register(`specRows.${index}.key`)}
              />
              {rowErrors?.key?.message ? <p className="text-xs text-red-700">{rowErrors.key.message}</p> : null}
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`spec-value-${row.id}`} className="sr-only">
                Specification {index + 1} value
              </Label>
              <Input
                id={`spec-value-${row.id}`}
                placeholder="Value (e.g. 32 mm)"
                aria-invalid={rowErrors?.value ? true : undefined}
                {...form.register(`specRows.${index}.value`)}
              />
              {rowErrors?.value?.message ? <p className="text-xs text-red-700">{rowErrors.value.message}</p> : null}
            </div>
            <Button size="icon" variant="ghost" aria-label={`Remove specification ${index + 1}`} onClick={() => specs.remove(index)}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        );
      })}
      <div>
        <Button size="sm" variant="outline" onClick={() => specs.append({ key: '', value: '' })}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Specification
        </Button>
      </div>
    </fieldset>
  );
}

interface PartDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  part?: PartView;
  categories: Category[];
  manufacturers: Manufacturer[];
  /** A new part's starting values (stable while the dialog is open). */
  prefill?: PartPrefill;
  /** Called with the new part once it is created. */
  onCreated?: (part: PartView) => void;
}

export function PartDialog({ open, onOpenChange, part, categories, manufacturers, prefill, onCreated }: PartDialogProps) {
  const create = useCreatePart();
  const update = useUpdatePart();
  const toValues = useCallback((item?: PartView) => emptyValues(item, prefill), [prefill]);
  const { form, errors, editing, dialog } = useEntityForm({
    schema: partFormSchema,
    open,
    onOpenChange,
    item: part,
    toValues,
    // Saved first, then handed on: `onCreated?.(await save())` would skip the save itself when there is no
    // onCreated (the Parts tab), as an optional call evaluates its arguments only when it calls (ADR 142).
    create: async (values) => {
      const created = await create.mutateAsync(toInput(values));
      onCreated?.(created);
    },
    update: ({ id, input }) => update.mutateAsync({ id, input: toInput(input) }),
  });
  const { slug, nameInput } = useNameSlug(form, editing);
  const idSelects = [
    { name: 'categoryId', label: 'Category', id: 'part-category', items: categories, placeholder: 'Select a category', none: NO_CATEGORY_LABEL },
    {
      name: 'manufacturerId',
      label: 'Manufacturer',
      id: 'part-manufacturer',
      items: manufacturers,
      placeholder: 'Select a manufacturer',
      none: UNKNOWN_MANUFACTURER_LABEL,
    },
  ] as const;

  return (
    <FormDialog
      {...dialog}
      className="max-w-2xl"
      title={editing ? 'Edit Part' : 'Create New Part'}
      description={editing ? 'Update the part details.' : 'Add a new part to the catalogue.'}
      submitLabel={editing ? 'Update Part' : 'Create Part'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Part Name" error={errors.name?.message}>
          <Input {...nameInput} />
        </FormField>
        <FormField label="Part Number" error={errors.partNumber?.message}>
          <Input {...form.register('partNumber')} />
        </FormField>
      </div>
      <FormField label="URL Slug" error={errors.slug?.message} hint={`URL preview: /part/${slug || 'part-slug'}`}>
        <Input {...form.register('slug')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {idSelects.map((select) => (
          <Controller
            key={select.name}
            control={form.control}
            name={select.name}
            render={({ field }) => (
              <FormField label={select.label} id={select.id} error={errors[select.name]?.message}>
                <OptionSelect
                  id={select.id}
                  value={field.value === null ? NONE : field.value ? String(field.value) : ''}
                  onValueChange={(v) => field.onChange(v === NONE ? null : Number(v))}
                  options={[{ value: NONE, label: select.none }, ...idOptions(select.items)]}
                  placeholder={select.placeholder}
                />
              </FormField>
            )}
          />
        ))}
      </div>
      {/* items-start: the price's reading line under it must not stretch the status field beside it. */}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="price"
          render={({ field }) => {
            const text = typeof field.value === 'string' ? field.value : field.value == null ? '' : String(field.value);
            // A text the reader refuses is explained under the field by the reader; the form's error would repeat it.
            const refused = text.trim() !== '' && !readMoney(text, CATALOGUE_PRICE).ok;
            return (
              <FormField label="Price (USD)" id="part-price" error={refused ? undefined : errors.price?.message}>
                <MoneyInput
                  id="part-price"
                  options={CATALOGUE_PRICE}
                  placeholder="0.00"
                  value={text}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  aria-invalid={refused ? true : undefined}
                />
              </FormField>
            );
          }}
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <FormField label="Status" id="part-status" error={errors.status?.message}>
              <OptionSelect id="part-status" value={String(field.value ?? 'active')} onValueChange={field.onChange} options={PART_STATUS_OPTIONS} />
            </FormField>
          )}
        />
      </div>
      <FormField label="Image URL" error={errors.image?.message}>
        <Input type="url" placeholder="https://example.com/part.jpg" {...form.register('image')} />
      </FormField>
      <SpecificationRows form={form} />
    </FormDialog>
  );
}
