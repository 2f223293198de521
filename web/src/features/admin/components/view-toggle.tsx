import { LayoutGrid, List } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';

export type ViewMode = 'table' | 'grid';

export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md border border-slate-300 p-0.5">
      <Button size="sm" variant={value === 'table' ? 'secondary' : 'ghost'} aria-pressed={value === 'table'} onClick={() => onChange('table')}>
        <List className="h-4 w-4" aria-hidden />
        Table
      </Button>
      <Button size="sm" variant={value === 'grid' ? 'secondary' : 'ghost'} aria-pressed={value === 'grid'} onClick={() => onChange('grid')}>
        <LayoutGrid className="h-4 w-4" aria-hidden />
        Grid
      </Button>
    </div>
  );
}
