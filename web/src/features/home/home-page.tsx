import { useNavigate } from 'react-router-dom';
import { ArrowRight, Factory, FolderOpen, Package } from '../../components/ui/icons';
import { HOME_CATEGORIES, HOME_FEATURED_PARTS, HOME_MANUFACTURERS, SITE_NAME } from '@parts/shared/constants';
import { useCategories } from '../../api/get-categories';
import { useManufacturers } from '../../api/get-manufacturers';
import { PartSearchBox } from '../../components/part-search-box';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { topLevelCategories } from '../../lib/category-tree';
import { useFeaturedParts } from './api/get-featured-parts';
import { PrefetchLink } from '../../components/prefetch-link';

function SkeletonCards({ count, testId }: { count: number; testId: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} data-testid={testId} className="p-6">
          <Skeleton className="mb-3 h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </Card>
      ))}
    </>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="col-span-full rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{text}</p>;
}

export default function HomePage() {
  const navigate = useNavigate();
  const categories = useCategories();
  const manufacturers = useManufacturers();
  const featured = useFeaturedParts();
  // Sub-categories are reached from their parent's page; the home page shows the first level.
  const topCategories = categories.data ? topLevelCategories(categories.data) : [];
  useDocumentTitle(`${SITE_NAME} | Industrial Components from Top Manufacturers`);

  return (
    <>
      <section className="bg-gradient-to-br from-slate-900 to-blue-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">Your Source for Industrial Components</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            Millions of parts from top manufacturers in one place. Search by part number, name or manufacturer.
          </p>
          <div className="mt-8 max-w-2xl text-slate-900">
            <PartSearchBox
              label="Search parts"
              showButton
              onSubmit={(q) => void navigate(`/catalog?q=${encodeURIComponent(q)}`)}
              onSelect={(s) => void navigate(`/part/${s.slug}`)}
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-12">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
          <h2 id="categories-heading" className="text-2xl font-bold">
            Browse Categories
          </h2>
          <PrefetchLink to="/catalog" className={buttonVariants({ variant: 'link' })}>
            View All Categories <ArrowRight className="h-4 w-4" aria-hidden />
          </PrefetchLink>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.isPending ? (
            <SkeletonCards count={HOME_CATEGORIES} testId="category-skeleton" />
          ) : categories.isError ? (
            <LoadError title="Failed to load categories" onRetry={categories.refetch} retrying={categories.isFetching} />
          ) : topCategories.length === 0 ? (
            <Empty text="No categories available at the moment." />
          ) : (
            topCategories.slice(0, HOME_CATEGORIES).map((c) => (
              <PrefetchLink
                key={c.id}
                to={`/catalog/${c.slug}`}
                className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              >
                <Card className="h-full transition-shadow hover:shadow-md">
                  <CardHeader>
                    <FolderOpen className="h-6 w-6 text-blue-700" aria-hidden />
                    <CardTitle>{c.name}</CardTitle>
                    <CardDescription>{c.description || `Browse all ${c.name} products`}</CardDescription>
                  </CardHeader>
                </Card>
              </PrefetchLink>
            ))
          )}
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
            <h2 id="featured-heading" className="text-2xl font-bold">
              Featured Parts
            </h2>
            <PrefetchLink to="/catalog" className={buttonVariants({ variant: 'link' })}>
              Browse All Parts <ArrowRight className="h-4 w-4" aria-hidden />
            </PrefetchLink>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {featured.isPending ? (
              <SkeletonCards count={HOME_FEATURED_PARTS} testId="featured-skeleton" />
            ) : featured.isError ? (
              <LoadError title="Failed to load parts" onRetry={featured.refetch} retrying={featured.isFetching} />
            ) : !featured.data?.length ? (
              <Empty text="No featured parts available at the moment." />
            ) : (
              featured.data.slice(0, HOME_FEATURED_PARTS).map((p) => (
                <Card key={p.id}>
                  <CardHeader>
                    <Package className="h-6 w-6 text-blue-700" aria-hidden />
                    <CardTitle>{p.name}</CardTitle>
                    <CardDescription>{p.manufacturer?.name ?? 'Unknown Manufacturer'}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <PrefetchLink to={`/part/${p.slug}`} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={`View Details: ${p.name}`}>
                      View Details
                    </PrefetchLink>
                  </CardContent>
                </Card>
              ))
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="manufacturers-heading" className="mx-auto max-w-7xl px-4 py-12">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
          <h2 id="manufacturers-heading" className="text-2xl font-bold">
            Top Manufacturers
          </h2>
          <PrefetchLink to="/manufacturers" className={buttonVariants({ variant: 'link' })}>
            All Manufacturers <ArrowRight className="h-4 w-4" aria-hidden />
          </PrefetchLink>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {manufacturers.isPending ? (
            <SkeletonCards count={HOME_MANUFACTURERS} testId="manufacturer-skeleton" />
          ) : manufacturers.isError ? (
            <LoadError title="Failed to load manufacturers" onRetry={manufacturers.refetch} retrying={manufacturers.isFetching} />
          ) : !manufacturers.data?.length ? (
            <Empty text="No manufacturers available at the moment." />
          ) : (
            manufacturers.data.slice(0, HOME_MANUFACTURERS).map((m) => (
              <PrefetchLink
                key={m.id}
                to={`/manufacturer/${m.slug}`}
                className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              >
                <Card className="flex h-full items-center gap-3 p-6 transition-shadow hover:shadow-md">
                  <Factory className="h-6 w-6 shrink-0 text-blue-700" aria-hidden />
                  <span className="font-semibold">{m.name}</span>
                </Card>
              </PrefetchLink>
            ))
          )}
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-blue-800 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold">
              Need a Quote?
            </h2>
            <p className="mt-1 text-blue-100">Add parts to your quote basket and our team will get back to you with pricing and availability.</p>
          </div>
          <PrefetchLink to="/quote-request" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
            Request a Quote
          </PrefetchLink>
        </div>
      </section>
    </>
  );
}
