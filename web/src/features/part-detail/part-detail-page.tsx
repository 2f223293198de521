import { NO_CATEGORY_LABEL, UNKNOWN_MANUFACTURER_LABEL } from '@parts/shared/import-fields';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ClipboardPlus } from '../../components/ui/icons';
import { SITE_NAME } from '@parts/shared/constants';
import { specName } from '@parts/shared/spec-names';
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs';
import { PartImage } from '../../components/part-image';
import { PartStatusBadge } from '../../components/part-status-badge';
import { QuantityInput } from '../../components/quantity-input';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApiError } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { useQuoteBasket } from '../quote-basket';
import { usePart } from './api/get-part';
import { useDemandSeen } from '../../lib/demand-beacon';
import { PrefetchLink } from '../../components/prefetch-link';

function PartSkeleton() {
  return (
    <div className="grid gap-8 md:grid-cols-2" aria-busy="true">
      <Skeleton className="aspect-[4/3] w-full" />
      <div className="grid content-start gap-3">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-5 w-1/4" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-48" />
      </div>
    </div>
  );
}

export default function PartDetailPage() {
  const { partSlug } = useParams();
  const { data: part, isPending, isError, error, refetch, isFetching } = usePart(partSlug);
  // The view's demand signal, sent by the page so a page answered from a cache counts too (docs/demand.md).
  useDemandSeen(part ? { kind: 'part', partId: part.id } : undefined);
  const { add } = useQuoteBasket();
  const [quantity, setQuantity] = useState(1);

  useDocumentTitle(part ? `${part.name} - ${part.manufacturer?.name ?? 'Unknown Manufacturer'} | ${SITE_NAME}` : 'Part Details');

  // A failure other than "no such part" is not a missing part: say so and offer a retry.
  if (isError && !(error instanceof ApiError && error.status === 404)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24">
        <h1 className="sr-only">Part Details</h1>
        <LoadError title="Failed to load the part" onRetry={refetch} retrying={isFetching} />
      </div>
    );
  }
  if (isError || (!isPending && !part)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Part Not Found</h1>
        <p className="mt-2 text-slate-600">The part you&apos;re looking for doesn&apos;t exist or has been removed.</p>
        <PrefetchLink to="/catalog" className={buttonVariants({ className: 'mt-6' })}>
          Return to Catalog
        </PrefetchLink>
      </div>
    );
  }

  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: 'Catalog', to: '/catalog' },
  ];
  if (part?.category) crumbs.push({ label: part.category.name, to: `/catalog/${part.category.slug}` });
  if (part) crumbs.push({ label: part.name });
  const specs = part ? Object.entries(part.specifications) : [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs items={crumbs} />
      {isPending || !part ? (
        <PartSkeleton />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-2">
          {/* self-start: the card keeps the picture's own 4:3 box instead of stretching to the text column. */}
          <Card className="self-start overflow-hidden">
            <PartImage src={part.image} alt={part.name} />
          </Card>
          <div className="grid content-start gap-4">
            <div>
              <h1 className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">{part.name}</h1>
              {part.manufacturer ? (
                <PrefetchLink to={`/manufacturer/${part.manufacturer.slug}`} className="mt-1 inline-block rounded text-blue-700 hover:underline">
                  {part.manufacturer.name}
                </PrefetchLink>
              ) : (
                <p className="mt-1 text-slate-600">{UNKNOWN_MANUFACTURER_LABEL}</p>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <p className="min-w-0 font-mono text-slate-800 [overflow-wrap:anywhere]">Part # {part.partNumber}</p>
              <PartStatusBadge status={part.status} />
            </div>
            <p className="text-xl font-semibold">{formatPrice(part.price)}</p>
            <div className="flex items-center gap-2 text-sm">
              <span className="text-slate-600">Category:</span>
              <Badge variant="secondary">{part.category?.name ?? NO_CATEGORY_LABEL}</Badge>
            </div>
            {part.description ? (
              <section>
                <h2 className="mb-1 text-lg font-semibold">Description</h2>
                <p className="whitespace-pre-line text-slate-700">{part.description}</p>
              </section>
            ) : null}
            <Card>
              <CardContent className="pt-6">
                <h2 className="mb-3 text-lg font-semibold">Specifications</h2>
                {specs.length === 0 ? (
                  <p className="text-sm text-slate-600">No specifications available for this part</p>
                ) : (
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
                    {specs.map(([key, value]) => (
                      <div key={key} className="contents">
                        <dt className="font-medium text-slate-700">{specName(key)}</dt>
                        <dd className="text-slate-900">{value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </CardContent>
            </Card>
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm font-medium text-slate-700">
                Quantity
                <QuantityInput label="Quantity" value={quantity} onCommit={setQuantity} className="h-11 w-24" />
              </label>
              <Button size="lg" onClick={() => add(part, quantity)}>
                <ClipboardPlus className="h-5 w-5" aria-hidden />
                Add to Quote Request
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
