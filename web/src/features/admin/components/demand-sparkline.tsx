import { lazy, Suspense } from 'react';

const Sparkline = lazy(() => import('./demand-chart-kit').then((m) => ({ default: m.DemandSparkline })));

/** A row's trend; drawn once the chart module has loaded (an empty box of the same size until then). */
export function DemandSparkline({ values, label }: { values: number[]; label: string }) {
  return (
    <Suspense fallback={<div className="h-6 w-24" />}>
      <Sparkline values={values} label={label} />
    </Suspense>
  );
}
