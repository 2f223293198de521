import { useState } from 'react';
import { MAX_BOM_FILE_BYTES, MAX_BOM_LINES, type BomSheet } from '@parts/shared/bom';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { errorText } from '../../../lib/api-client';
import { useParseBom } from '../api/parse-bom';

/** Step 1: a file or a pasted list, read by the server into a sheet. */
export function SourceStep({ onRead }: { onRead: (sheet: BomSheet) => void }) {
  const parse = useParseBom();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const read = () => {
    setProblem(null);
    if (!file && !text.trim()) return setProblem('Choose a file or paste your list first.');
    if (file && file.size > MAX_BOM_FILE_BYTES) return setProblem(`${file.name} is larger than 2 MB.`);
    parse.mutate(file ? { file } : { text }, {
      onSuccess: (sheet) => (sheet.rows.length === 0 ? setProblem('The list has no lines.') : onRead(sheet)),
      onError: (error) => setProblem(errorText(error, 'The list could not be read. Please try again.')),
    });
  };
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor="bom-file" className="text-sm font-medium">
          File (CSV, TSV or XLSX, up to 2 MB)
        </label>
        <input
          id="bom-file"
          type="file"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="text-sm"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="bom-text" className="text-sm font-medium">
          Or paste your list
        </label>
        <Textarea
          id="bom-text"
          rows={6}
          value={text}
          disabled={file !== null}
          placeholder={'Part number\tManufacturer\tQuantity\n6ES7214-1AG40-0XB0\tSiemens\t2'}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="text-xs text-slate-600">
          Copy the rows from your spreadsheet, with or without the header row. Up to {MAX_BOM_LINES.toLocaleString('en-US')} lines.
        </p>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button className="w-fit" onClick={read} disabled={parse.isPending}>
        {parse.isPending ? 'Reading...' : 'Read list'}
      </Button>
    </div>
  );
}
