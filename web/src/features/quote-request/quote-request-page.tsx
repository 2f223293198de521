import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Trash2 } from '../../components/ui/icons';
import { SITE_NAME } from '@parts/shared/constants';
import { quoteFormSchema } from '@parts/shared/schemas';
import { PageSpinner } from '../../components/page-spinner';
import { QuantityInput } from '../../components/quantity-input';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { clearDraft, readDraft, sameShape, useConfirmLeave, writeDraft } from '../../hooks/use-stored-draft';
import { toast } from '../../hooks/use-toast';
import { errorText } from '../../lib/api-client';
import { isFreeLine, lineId, useQuoteBasket, type BasketLine, type LineDetails } from '../quote-basket';
import { BomUploadButton } from '../bom';
import { LineDetailsEditor } from './components/line-details';
import { loginPathFor } from '../../lib/return-to';
import { useCurrentUser } from '../../lib/session';
import { useSubmitQuoteRequest } from './api/submit-quote-request';
import { AttachmentPicker } from './components/attachment-picker';
import { MyQuoteRequests } from './components/my-quote-requests';
import { FreeLineSummary } from '../../components/free-line-summary';

type FormValues = z.input<typeof quoteFormSchema>;

/** Only the details the buyer gave are sent. */
const detailsInput = (d: LineDetails | undefined) => ({
  ...(d?.reference?.trim() ? { reference: d.reference.trim() } : {}),
  ...(d?.targetPriceText !== undefined ? { targetPrice: d.targetPriceText } : d?.targetPrice !== undefined ? { targetPrice: d.targetPrice } : {}),
  ...(d?.neededBy ? { neededBy: d.neededBy } : {}),
  ...(d?.note?.trim() ? { note: d.note.trim() } : {}),
});

/** A line's drawings, kept in memory under part:<id> or free:<key>. */
const filesKey = (line: BasketLine) => (isFreeLine(line) ? `free:${line.key}` : `part:${line.part.id}`);

const emptyForm: FormValues = { customerName: '', customerEmail: '', customerPhone: '', customerCompany: '', message: '' };

/** The typed fields, kept in this tab's session storage per account until sent (a reload keeps them). */
const draftKey = (username: string) => `quote-request-draft:${username}`;

function storedForm(username: string): Partial<FormValues> {
  const stored = readDraft(draftKey(username));
  return sameShape(emptyForm, stored) ? (stored as FormValues) : {};
}

const LEAVE_QUESTION = 'The files you attached to this quote request cannot be kept if you leave this page. Leave anyway?';

/** A line of the basket: the part (or what the buyer's list said), its quantity, details and drawings. */
function SelectedLine({ line, files, onFilesChange }: { line: BasketLine; files: File[]; onFilesChange: (files: File[]) => void }) {
  const basket = useQuoteBasket();
  const free = isFreeLine(line);
  const label = free ? (line.freeText.partNumber ?? line.freeText.description ?? 'Line') : line.part.name;
  const id = lineId(line);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-3" data-testid={free ? 'free-line' : 'basket-line'}>
      <div className="min-w-0 basis-48 grow">
        {free ? (
          <FreeLineSummary freeText={line.freeText} />
        ) : (
          <>
            <Link to={`/part/${line.part.slug}`} className="break-words font-medium [overflow-wrap:anywhere] hover:underline">
              {line.part.name}
            </Link>
            <p className="break-words text-sm text-slate-600 [overflow-wrap:anywhere]">
              {line.part.partNumber} · {line.part.manufacturer?.name ?? 'Unknown Manufacturer'}
            </p>
          </>
        )}
      </div>
      <QuantityInput label={`Quantity for ${label}`} value={line.quantity} onCommit={(quantity) => basket.setQuantity(id, quantity)} className="w-24" />
      <Button variant="ghost" size="icon" onClick={() => basket.remove(id)} aria-label={`Remove ${label}`}>
        <Trash2 className="h-4 w-4" aria-hidden />
      </Button>
      <LineDetailsEditor
        id={free ? `line-free-${line.key}` : `line-part-${line.part.id}`}
        label={label}
        details={line.details}
        onChange={(d) => basket.setDetails(id, d)}
        files={files}
        onFilesChange={onFilesChange}
      />
    </li>
  );
}

function QuoteRequestContent({ username, defaults }: { username: string; defaults: Partial<FormValues> }) {
  const basket = useQuoteBasket();
  const submit = useSubmitQuoteRequest();
  const [files, setFiles] = useState<File[]>([]);
  // Drawings per line stay in memory (a File cannot be kept in local storage), by `filesKey`.
  const [lineFiles, setLineFiles] = useState<Record<string, File[]>>({});
  const form = useForm<FormValues, unknown, z.output<typeof quoteFormSchema>>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: { ...emptyForm, ...defaults, ...storedForm(username) },
  });
  useEffect(() => {
    const subscription = form.watch((values) => writeDraft(draftKey(username), values));
    return () => subscription.unsubscribe();
  }, [form, username]);
  const unsentFiles = files.length > 0 || Object.values(lineFiles).some((f) => f.length > 0);
  useConfirmLeave(unsentFiles, LEAVE_QUESTION);
  const { errors } = form.formState;
  const count = basket.itemCount;
  const hasItems = count > 0;

  const onSubmit = form.handleSubmit((values) =>
    submit.mutate(
      {
        form: values,
        // In the basket's order: a parts list arrives as the buyer's list had it.
        items: basket.lines.map((l) =>
          isFreeLine(l)
            ? { freeText: l.freeText, quantity: l.quantity, ...detailsInput(l.details) }
            : { partId: l.part.id, quantity: l.quantity, ...detailsInput(l.details) },
        ),
        lineFiles: basket.lines.map((l) => lineFiles[filesKey(l)] ?? []),
        files,
      },
      {
        onSuccess: (created) => {
          form.reset(emptyForm);
          clearDraft(draftKey(username));
          basket.clear();
          setFiles([]);
          setLineFiles({});
          toast({ title: 'Quote request submitted', description: `Your quote request #${created.id} has been received. We will be in touch soon.` });
        },
        onError: (error) =>
          toast({
            title: 'Error submitting quote request',
            description: errorText(error, 'An error occurred. Please try again.'),
            variant: 'destructive',
          }),
      },
    ),
  );

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Request a Quote</h1>
          <p className="mt-1 text-slate-600" data-testid="quote-item-count">
            {hasItems
              ? `You have ${count} ${count === 1 ? 'item' : 'items'} in your quote request.`
              : 'Add parts from the catalog to your quote request to get started.'}
          </p>
        </div>
        <BomUploadButton />
      </div>

      {hasItems ? (
        <Card>
          <CardHeader>
            <CardTitle>Selected Items</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
              {basket.lines.map((line) => (
                <SelectedLine
                  key={filesKey(line)}
                  line={line}
                  files={lineFiles[filesKey(line)] ?? []}
                  onFilesChange={(f) => setLineFiles((all) => ({ ...all, [filesKey(line)]: f }))}
                />
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Request a Quote</CardTitle>
          <CardDescription>{hasItems ? 'Fill out the form below to request a quote for the selected items.' : 'Your quote request is empty.'}</CardDescription>
        </CardHeader>
        <CardContent>
          {hasItems ? (
            <form noValidate onSubmit={onSubmit} className="grid gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Full Name" error={errors.customerName?.message}>
                  <Input autoComplete="name" {...form.register('customerName')} />
                </FormField>
                <FormField label="Email" error={errors.customerEmail?.message}>
                  <Input type="email" autoComplete="email" {...form.register('customerEmail')} />
                </FormField>
                <FormField label="Phone (optional)" error={errors.customerPhone?.message}>
                  <Input type="tel" autoComplete="tel" {...form.register('customerPhone')} />
                </FormField>
                <FormField label="Company (optional)" error={errors.customerCompany?.message}>
                  <Input autoComplete="organization" {...form.register('customerCompany')} />
                </FormField>
              </div>
              <FormField label="Message (optional)" error={errors.message?.message}>
                <Textarea rows={4} {...form.register('message')} />
              </FormField>
              <AttachmentPicker files={files} onChange={setFiles} disabled={submit.isPending} />
              {unsentFiles ? (
                <p className="text-sm text-slate-600" data-testid="files-not-kept">
                  What you typed is kept if you reload this page; attached files and drawings are not, so we ask before leaving.
                </p>
              ) : null}
              <div>
                <Button type="submit" size="lg" disabled={submit.isPending}>
                  {submit.isPending ? 'Submitting...' : 'Submit Quote Request'}
                </Button>
              </div>
            </form>
          ) : (
            <Link to="/catalog" className={buttonVariants()}>
              Browse Catalog
            </Link>
          )}
        </CardContent>
      </Card>

      <MyQuoteRequests />
    </div>
  );
}

export default function QuoteRequestPage() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  useDocumentTitle(`Request a Quote | ${SITE_NAME}`);
  if (isPending) return <PageSpinner label="Loading your account" />;
  if (!user) return <Navigate to={loginPathFor('/auth', `${location.pathname}${location.search}`)} replace />;
  return <QuoteRequestContent username={user.username} defaults={{ customerName: user.name ?? '', customerEmail: user.email ?? '' }} />;
}
