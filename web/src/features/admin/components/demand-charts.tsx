import { lazy, Suspense } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDemandCharts } from '../api/demand';

const ChartsGrid = lazy(() => import('./demand-chart-kit').then((m) => ({ default: m.ChartsGrid })));

/** Search analytics over the chosen period: zero-result rate, top queries, click-through by position. */
export function DemandChartsPanel({ from, to }: { from: string; to: string }) {
  const charts = useDemandCharts({ from, to });
  let body;
  if (charts.isPending) body = <Skeleton className="h-64 w-full" />;
  else if (charts.isError) body = <LoadError title="Failed to load the charts" onRetry={() => void charts.refetch()} retrying={charts.isFetching} />;
  else {
    body = (
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <ChartsGrid data={charts.data} />
      </Suspense>
    );
  }
  return (
    <section aria-labelledby="demand-charts-heading" className="grid gap-3" data-testid="demand-charts">
      <h3 id="demand-charts-heading" className="text-lg font-semibold">
        Searches
      </h3>
      {body}
    </section>
  );
}
