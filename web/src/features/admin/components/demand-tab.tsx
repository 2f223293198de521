import { useMemo, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { DemandFilter } from '../api/demand';
import { customRangeProblem, isoDay, PERIOD_OPTIONS, presetRange, type PeriodChoice } from '../lib/demand-period';
import { DemandChartsPanel } from './demand-charts';
import { DemandList } from './demand-list';
import { OptionSelect } from './option-select';
import { TabHeader } from './tab-header';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'sourced', label: 'Sourced' },
  { value: 'ignored', label: 'Ignored' },
  { value: 'all', label: 'All' },
] as const;

type StatusChoice = DemandFilter['status'];

function usePeriod() {
  const [choice, setChoice] = useState<PeriodChoice>('30d');
  const today = isoDay(new Date());
  const [custom, setCustom] = useState({ from: today, to: today });
  const range = useMemo(() => presetRange(choice, new Date()) ?? custom, [choice, custom]);
  const problem = choice === 'custom' ? customRangeProblem(custom.from, custom.to) : null;
  return { choice, setChoice, custom, setCustom, range, problem };
}

/**
 * Issue 31: what buyers asked for that the catalogue lacks — part numbers (BOM lines, free-text request lines,
 * part-number searches) and searches that found nothing — over a period, with the search charts below.
 */
export function DemandTab() {
  const period = usePeriod();
  const [status, setStatus] = useState<StatusChoice>('open');
  const filter: DemandFilter = { ...period.range, status };
  return (
    <section aria-label="Demand" className="grid gap-6">
      <div>
        <TabHeader title="Demand">
          <span className="text-sm text-slate-600">What buyers asked for that the catalogue does not list.</span>
        </TabHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <div className="sm:w-48">
            <Label htmlFor="demand-period">Period</Label>
            <OptionSelect id="demand-period" value={period.choice} onValueChange={(v) => period.setChoice(v as PeriodChoice)} options={PERIOD_OPTIONS} />
          </div>
          {period.choice === 'custom' ? (
            <>
              <div>
                <Label htmlFor="demand-from">From</Label>
                <Input
                  id="demand-from"
                  type="date"
                  value={period.custom.from}
                  aria-invalid={period.problem ? true : undefined}
                  onChange={(e) => period.setCustom((c) => ({ ...c, from: e.target.value }))}
                />
              </div>
              <div>
                <Label htmlFor="demand-to">To</Label>
                <Input
                  id="demand-to"
                  type="date"
                  value={period.custom.to}
                  aria-invalid={period.problem ? true : undefined}
                  onChange={(e) => period.setCustom((c) => ({ ...c, to: e.target.value }))}
                />
              </div>
            </>
          ) : null}
          <div className="sm:w-40">
            <Label htmlFor="demand-status">Status</Label>
            <OptionSelect id="demand-status" value={status} onValueChange={(v) => setStatus(v as StatusChoice)} options={STATUS_OPTIONS} />
          </div>
        </div>
        {period.problem ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {period.problem}
          </p>
        ) : null}
      </div>
      {period.problem ? null : (
        <>
          <DemandList kind="missing" filter={filter} />
          <DemandList kind="query" filter={filter} />
          <DemandChartsPanel from={filter.from} to={filter.to} />
        </>
      )}
    </section>
  );
}
