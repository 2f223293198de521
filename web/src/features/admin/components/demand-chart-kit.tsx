import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { DemandCharts as Charts } from '../api/demand';

/*
 * Everything drawn with recharts, in one module the Demand tab loads lazily: recharts (≈125 KB gzipped) stays out
 * of the admin dashboard's chunk and out of every public page (docs/demand-ui.md has the sizes).
 */

const BLUE = '#1d4ed8';
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const percentTick = (value: number) => `${value}%`;

function ChartCard({ title, summary, empty, children }: { title: string; summary: string; empty: string | null; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="flex h-56 items-center justify-center rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
            {empty}
          </p>
        ) : (
          // The figures in words for a screen reader; the chart is the same figures drawn.
          <figure className="h-56" aria-label={`${title}: ${summary}`}>
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

export function ChartsGrid({ data }: { data: Charts }) {
  const days = data.days.map((d) => ({ day: d.day.slice(5), rate: percent(d.zeroResults, d.searches) }));
  const searched = data.days.some((d) => d.searches > 0);
  const clicks = data.clickThrough.map((c) => ({ position: String(c.position), rate: percent(c.clicks, c.impressions) }));
  const shown = data.clickThrough.some((c) => c.impressions > 0);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ChartCard
        title="Zero-result rate per day"
        empty={searched ? null : 'No searches in this period.'}
        summary={days.map((d) => `${d.day} ${d.rate}%`).join(', ')}
      >
        <LineChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="day" fontSize={12} tick={{ fill: '#475569' }} minTickGap={16} />
          <YAxis fontSize={12} tick={{ fill: '#475569' }} tickFormatter={percentTick} domain={[0, 100]} />
          <Tooltip formatter={(value) => [`${String(value)}%`, 'Zero-result rate']} />
          <Line type="monotone" dataKey="rate" stroke={BLUE} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartCard>
      <ChartCard
        title="Top queries"
        empty={data.topQueries.length > 0 ? null : 'No queries in this period.'}
        summary={data.topQueries.map((q) => `${q.query} ${q.count}`).join(', ')}
      >
        <BarChart data={data.topQueries.slice(0, 10)} layout="vertical" margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis type="number" fontSize={12} tick={{ fill: '#475569' }} allowDecimals={false} />
          <YAxis type="category" dataKey="query" fontSize={12} tick={{ fill: '#475569' }} width={96} />
          <Tooltip formatter={(value) => [String(value), 'Searches']} />
          <Bar dataKey="count" fill={BLUE} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard
        title="Click-through by position"
        empty={shown ? null : 'No search results were shown in this period.'}
        summary={clicks.map((c) => `position ${c.position} ${c.rate}%`).join(', ')}
      >
        <BarChart data={clicks} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="position" fontSize={12} tick={{ fill: '#475569' }} />
          <YAxis fontSize={12} tick={{ fill: '#475569' }} tickFormatter={percentTick} />
          <Tooltip formatter={(value) => [`${String(value)}%`, 'Opened']} labelFormatter={(label) => `Position ${String(label)}`} />
          <Bar dataKey="rate" fill={BLUE} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
    </div>
  );
}

/** A row's daily counts over the period as a small line (no axes): the shape, not the figures, which the row shows. */
export function DemandSparkline({ values, label }: { values: number[]; label: string }) {
  if (values.length < 2) return <span className="text-xs text-slate-500">—</span>;
  const data = values.map((count, day) => ({ day, count }));
  return (
    <div role="img" aria-label={`${label}: ${values.join(', ')} per day`} className="h-6 w-24">
      <LineChart width={96} height={24} data={data} margin={{ top: 2, right: 2, bottom: 2, left: 2 }}>
        <Line type="monotone" dataKey="count" stroke="#1d4ed8" strokeWidth={1.5} dot={false} isAnimationActive={false} />
      </LineChart>
    </div>
  );
}
