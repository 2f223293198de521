import { useState } from 'react';
import { BOM_ROLES, BOM_ROLE_LABELS, MAX_BOM_LINES, type BomSheet } from '@parts/shared/bom';
import { guessBomColumns, HEADER_SCAN_ROWS, linesOf, toSavedMapping, type GuessedMapping } from '@parts/shared/bom-columns';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useMatchBom } from '../api/match-bom';
import { useSaveBomMapping } from '../api/save-bom-mapping';
import { initialChoice, matchRequest, pendingLines, type ReviewRow } from '../bom-lines';
import { plural } from './bom-text';

const columnName = (sheet: BomSheet, headerRow: number | null, i: number) => {
  const header = headerRow === null ? undefined : sheet.rows[headerRow]?.[i]?.trim();
  const sample = linesOf(sheet.rows, headerRow)[0]?.[i]?.trim();
  return `Column ${i + 1}${header ? `: ${header}` : sample ? ` (e.g. ${sample.slice(0, 24)})` : ''}`;
};

/** One column choice per role (part number, manufacturer, quantity, …). */
function RolePickers({
  sheet,
  headerRow,
  width,
  mapping,
  onChange,
}: {
  sheet: BomSheet;
  headerRow: number | null;
  width: number;
  mapping: GuessedMapping;
  onChange: (mapping: GuessedMapping) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {BOM_ROLES.map((role) => (
        <div key={role} className="grid gap-1.5">
          <label htmlFor={`bom-role-${role}`} className="text-sm font-medium">
            {BOM_ROLE_LABELS[role]}
          </label>
          <select
            id={`bom-role-${role}`}
            className="h-10 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm"
            value={mapping[role] === undefined ? '' : String(mapping[role])}
            onChange={(e) => onChange({ ...mapping, [role]: e.target.value === '' ? undefined : Number(e.target.value) })}
          >
            <option value="">Not in the list</option>
            {Array.from({ length: width }, (_, i) => (
              <option key={i} value={i}>
                {columnName(sheet, headerRow, i)}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

/** The first rows of the list as read, the column-name row marked and the title rows above it greyed. */
function SheetPreview({ rows, headerRow, width }: { rows: string[][]; headerRow: number | null; width: number }) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-xs" aria-label="First rows of your list">
        <tbody>
          {rows.map((row, r) => {
            const kind = headerRow === null || r > headerRow ? 'line' : r === headerRow ? 'header' : 'title';
            return (
              <tr
                key={r}
                data-row-kind={kind}
                className={kind === 'header' ? 'bg-slate-100 font-semibold' : kind === 'title' ? 'text-slate-400' : 'border-t border-slate-100'}
              >
                <th scope="row" className="w-16 whitespace-nowrap px-2 py-1 text-left font-normal text-slate-500">
                  Row {r + 1}
                </th>
                {Array.from({ length: width }, (_, i) => (
                  <td key={i} className="max-w-48 truncate px-2 py-1">
                    {row[i] ?? ''}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Step 2: which row holds the column names and which column holds what; confirming matches the lines. */
export function ColumnsStep({
  sheet,
  headerRow: initialHeaderRow,
  mapping: initialMapping,
  canResume,
  onBack,
  onResume,
  onChange,
  onMatched,
}: {
  sheet: BomSheet;
  headerRow: number | null;
  mapping: GuessedMapping;
  canResume: boolean;
  onBack: () => void;
  onResume: () => void;
  onChange: (headerRow: number | null, mapping: GuessedMapping) => void;
  onMatched: (rows: ReviewRow[]) => void;
}) {
  const { data: user } = useCurrentUser();
  const match = useMatchBom();
  const saveMapping = useSaveBomMapping();
  const [mapping, setMappingState] = useState<GuessedMapping>(initialMapping);
  const [headerRow, setHeaderRowState] = useState<number | null>(initialHeaderRow);
  const [problem, setProblem] = useState<string | null>(null);
  const width = Math.max(0, ...sheet.rows.slice(0, 50).map((r) => r.length));
  const dataRows = linesOf(sheet.rows, headerRow);
  const headerChoices = Math.min(sheet.rows.length, HEADER_SCAN_ROWS);
  const previewRows = sheet.rows.slice(0, Math.max(6, (headerRow ?? 0) + 4));

  const setMapping = (next: GuessedMapping) => {
    setMappingState(next);
    onChange(headerRow, next);
  };
  const setHeaderRow = (next: number | null) => {
    // The column names moved: guess the columns again from that row.
    const guess = guessBomColumns(sheet.rows, { headerRow: next });
    setHeaderRowState(next);
    setMappingState(guess.mapping);
    onChange(next, guess.mapping);
  };

  const confirm = () => {
    setProblem(null);
    if (mapping.partNumber === undefined && mapping.description === undefined) return setProblem('Choose the part number or the description column');
    const lines = pendingLines(sheet, headerRow, mapping);
    if (lines.length === 0) return setProblem('No line of the list has a part number or a description in the chosen columns.');
    if (lines.length > MAX_BOM_LINES)
      return setProblem(`A list can have at most ${MAX_BOM_LINES.toLocaleString('en-US')} lines; this one has ${lines.length.toLocaleString('en-US')}.`);
    if (user && headerRow !== null) saveMapping.mutate(toSavedMapping(sheet.rows[headerRow] ?? [], mapping));
    match.mutate(matchRequest(lines), {
      onSuccess: (answer) =>
        onMatched(
          lines.map((l, i) => {
            const m = answer.lines[i] ?? { confidence: 'none' as const, candidates: [] };
            return { ...l, match: m, choice: initialChoice(m) };
          }),
        ),
      onError: (error) => setProblem(errorText(error, 'The list could not be matched. Please try again.')),
    });
  };

  return (
    <div className="grid gap-4">
      {sheet.mappingSource === 'remembered' ? <p className="text-sm text-slate-700">We used the columns you confirmed last time.</p> : null}
      <div className="grid gap-1.5 sm:max-w-xs">
        <label htmlFor="bom-header-row" className="text-sm font-medium">
          Column names are on
        </label>
        <select
          id="bom-header-row"
          className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
          value={headerRow === null ? '' : String(headerRow)}
          onChange={(e) => setHeaderRow(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">No row (the list has no column names)</option>
          {Array.from({ length: headerChoices }, (_, i) => (
            <option key={i} value={i}>
              Row {i + 1}
            </option>
          ))}
        </select>
      </div>
      <RolePickers sheet={sheet} headerRow={headerRow} width={width} mapping={mapping} onChange={setMapping} />
      <SheetPreview rows={previewRows} headerRow={headerRow} width={width} />
      <p className="text-sm text-slate-600" data-testid="bom-line-count">
        {plural(dataRows.length, 'line', 'lines')}
        {headerRow !== null && headerRow > 0 ? ` below the column names (rows 1–${headerRow} are titles, not lines)` : ''}
        {sheet.sheet ? ` from the sheet "${sheet.sheet}"` : ''}.
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={confirm} disabled={match.isPending}>
          {match.isPending ? 'Matching...' : 'Match parts'}
        </Button>
        {canResume ? (
          <Button variant="outline" onClick={onResume} disabled={match.isPending}>
            Return to the review
          </Button>
        ) : null}
        <Button variant="outline" onClick={onBack} disabled={match.isPending}>
          Back
        </Button>
      </div>
    </div>
  );
}
