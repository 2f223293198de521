import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from '../../../components/ui/icons';
import { CSV_MAX_REQUEST_BYTES } from '@parts/shared/constants';
import { IMPORT_OPTIONAL_RELATIONS_NOTE, PART_IMPORT_FIELD_LABELS } from '@parts/shared/import-fields';
import type { ColumnMapping, CsvImportResult, CsvPreview, ImportJob } from '@parts/shared/schemas';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toast } from '../../../hooks/use-toast';
import { usePreviewCsv } from '../api/preview-csv';
import { useImportCsv } from '../api/import-csv';
import { useStartImportJob } from '../api/start-import-job';
import { isFinished, useImportJob } from '../api/get-import-job';
import { getAdminStatsQueryOptions } from '../api/get-admin-stats';
import { partListsKey } from '../api/get-admin-parts';
import { toastImportResult } from '../lib/admin-toasts';
import { formatImportPace, importPace } from '../lib/import-pace';
import { OPTIONAL_FIELDS, REQUIRED_FIELDS, assignTarget, estimateRows, guessMapping, hasRequired, specTarget } from '../lib/column-mapping';

type Step = 'upload' | 'mapping' | 'results';
const NOT_MAPPED = 'not-mapped';

function MappingSelect({ header, value, onChange }: { header: string; value: string; onChange: (target: string) => void }) {
  const spec = specTarget(header);
  return (
    <Select value={value || NOT_MAPPED} onValueChange={(v) => onChange(v === NOT_MAPPED ? '' : v)}>
      <SelectTrigger aria-label={`Map column ${header}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NOT_MAPPED}>Not mapped</SelectItem>
        {REQUIRED_FIELDS.map((f) => (
          <SelectItem key={f} value={f}>
            {PART_IMPORT_FIELD_LABELS[f]} (required)
          </SelectItem>
        ))}
        {OPTIONAL_FIELDS.map((f) => (
          <SelectItem key={f} value={f}>
            {PART_IMPORT_FIELD_LABELS[f]}
          </SelectItem>
        ))}
        {spec ? <SelectItem value={spec}>Specification: {spec.slice('spec:'.length)}</SelectItem> : null}
      </SelectContent>
    </Select>
  );
}

function JobProgress({ job, estimate }: { job: ImportJob | undefined; estimate: number }) {
  const rowsDone = job?.rowsDone ?? 0;
  const rowsFailed = job?.rowsFailed ?? 0;
  const processed = rowsDone + rowsFailed;
  const pace = job ? importPace(job, estimate) : null;
  const percent = Math.min(99, Math.round((processed / Math.max(1, estimate)) * 100));
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700">
        {processed} rows processed ({rowsFailed} failed)
      </p>
      {pace ? (
        <p className="text-sm text-slate-600" data-testid="import-pace">
          {formatImportPace(pace)}
        </p>
      ) : null}
    </div>
  );
}

/** Step 1: the CSV file, and the template to start from. */
function UploadStep({
  file,
  onFile,
  pending,
  onCancel,
  onNext,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  pending: boolean;
  onCancel: () => void;
  onNext: () => void;
}) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="csv-file">CSV File</Label>
        <Input id="csv-file" type="file" accept=".csv" aria-describedby="csv-file-hint" onChange={(event) => onFile(event.target.files?.[0] ?? null)} />
        {file ? <p className="text-sm text-slate-700">Selected file: {file.name}</p> : null}
        <p id="csv-file-hint" className="text-xs text-slate-600">
          Your CSV file must include a header row and at least the part name and part number columns.
        </p>
      </div>
      <div>
        <a href="/api/parts/csv-template" download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Download className="h-4 w-4" aria-hidden />
          Download Template
        </a>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={!file || pending} onClick={onNext}>
          {pending ? 'Processing...' : 'Next'}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Step 2: which part field each CSV column fills. */
function MappingTable({
  headers,
  mapping,
  onChange,
}: {
  headers: string[];
  mapping: Record<string, string>;
  onChange: (header: string, target: string) => void;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>CSV Column</TableHead>
          <TableHead>Part Field</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {headers.map((header) => (
          <TableRow key={header}>
            <TableCell className="font-medium">{header}</TableCell>
            <TableCell>
              <MappingSelect header={header} value={mapping[header] ?? ''} onChange={(t) => onChange(header, t)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The first rows of the file, as the server read them. */
function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">Preview</h3>
      <div className="max-h-60 overflow-auto rounded-md border border-slate-200">
        <Table aria-label="CSV preview">
          <TableHeader>
            <TableRow>
              {preview.headers.map((h) => (
                <TableHead key={h}>{h}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.sampleRows.map((row, index) => (
              <TableRow key={index}>
                {preview.headers.map((h) => (
                  <TableCell key={h}>{row[h] ?? ''}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

/** Step 3: the totals and each failed row with its reason. */
function ResultsStep({ result, onClose }: { result: CsvImportResult; onClose: () => void }) {
  return (
    <div className="grid gap-4">
      <h3 className="text-lg font-semibold">{result.errorCount === 0 ? 'Import Successful' : 'Import Completed with Warnings'}</h3>
      <dl className="grid grid-cols-3 gap-3 text-center">
        <div className="rounded-md bg-slate-100 p-3">
          <dt className="text-sm text-slate-600">Total Records</dt>
          <dd className="text-2xl font-bold">{result.totalRecords}</dd>
        </div>
        <div className="rounded-md bg-green-50 p-3">
          <dt className="text-sm text-green-800">Successful</dt>
          <dd className="text-2xl font-bold text-green-900">{result.successCount}</dd>
        </div>
        <div className="rounded-md bg-red-50 p-3">
          <dt className="text-sm text-red-800">Failed</dt>
          <dd className="text-2xl font-bold text-red-900">{result.errorCount}</dd>
        </div>
      </dl>
      {result.errors.length > 0 ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold">Error Details</h4>
          <div className="max-h-60 overflow-auto rounded-md border border-slate-200">
            <Table aria-label="Error Details">
              <TableHeader>
                <TableRow>
                  <TableHead>Row</TableHead>
                  <TableHead>Error</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {result.errors.map((e, index) => (
                  <TableRow key={`${e.row}-${index}`}>
                    <TableCell>{e.row}</TableCell>
                    <TableCell>{e.error}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </div>
      ) : null}
      <DialogFooter>
        <Button onClick={onClose}>Close</Button>
      </DialogFooter>
    </div>
  );
}

export function CsvImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [currentStep, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [importResult, setResult] = useState<CsvImportResult | null>(null);
  const [job, setJob] = useState<{ id: string; estimate: number } | null>(null);
  const previewCsv = usePreviewCsv();
  const importCsv = useImportCsv();
  const startJob = useStartImportJob();
  const jobQuery = useImportJob(job?.id);
  const finishedJob = useRef<string | null>(null);

  const reset = () => {
    setStep('upload');
    setFile(null);
    setPreview(null);
    setMapping({});
    setResult(null);
    setJob(null);
    previewCsv.reset();
    importCsv.reset();
    startJob.reset();
  };

  const close = () => {
    reset();
    onOpenChange(false);
  };

  const finished = job && jobQuery.data && isFinished(jobQuery.data) ? jobQuery.data : undefined;
  const completedJob = finished?.state === 'completed' ? finished : undefined;

  // Side effects only: what the dialog shows is derived from the job itself.
  useEffect(() => {
    if (!finished || finishedJob.current === finished.id) return;
    finishedJob.current = finished.id;
    if (finished.state === 'completed') {
      toastImportResult(finished);
      void queryClient.invalidateQueries({ queryKey: partListsKey });
      void queryClient.invalidateQueries({ queryKey: getAdminStatsQueryOptions().queryKey });
    } else {
      toast({ title: 'Import Failed', description: finished.message || 'Failed to import CSV file', variant: 'destructive' });
    }
  }, [finished, queryClient]);

  const onNext = () => {
    if (!file) return;
    previewCsv.mutate(file, {
      onSuccess: (answer) => {
        setPreview(answer);
        setMapping(guessMapping(answer.headers));
        setStep('mapping');
      },
    });
  };

  const onImport = async () => {
    if (!file || !hasRequired(mapping)) return;
    const columnMapping = mapping as ColumnMapping;
    if (file.size > CSV_MAX_REQUEST_BYTES) {
      const estimate = await estimateRows(file);
      startJob.mutate({ file, columnMapping }, { onSuccess: (started) => setJob({ id: started.id, estimate }) });
      return;
    }
    importCsv.mutate(
      { file, columnMapping },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setStep('results');
        },
      },
    );
  };

  const jobRunning = job !== null && !isFinished(jobQuery.data);
  const step = completedJob ? 'results' : currentStep;
  const result = completedJob ?? importResult;
  const importing = importCsv.isPending || startJob.isPending || jobRunning;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import Parts from CSV</DialogTitle>
          <DialogDescription>
            {step === 'upload' ? 'Step 1 of 3: Upload a CSV file' : step === 'mapping' ? 'Step 2 of 3: Map the columns' : 'Step 3 of 3: Results'}
          </DialogDescription>
        </DialogHeader>

        {step === 'upload' ? <UploadStep file={file} onFile={setFile} pending={previewCsv.isPending} onCancel={close} onNext={onNext} /> : null}

        {step === 'mapping' && preview ? (
          <div className="grid gap-4">
            <p className="text-sm text-slate-700">
              Map each CSV column to a part field. Part Name and Part Number are required; other columns may stay Not mapped or become specifications.
            </p>
            <p className="text-sm text-slate-700" data-testid="import-relations-note">
              {IMPORT_OPTIONAL_RELATIONS_NOTE}
            </p>
            <MappingTable headers={preview.headers} mapping={mapping} onChange={(header, t) => setMapping((m) => assignTarget(m, header, t))} />
            <CsvPreviewTable preview={preview} />
            {job ? <JobProgress job={jobQuery.data} estimate={job.estimate} /> : null}
            <DialogFooter>
              <Button variant="outline" disabled={importing} onClick={() => setStep('upload')}>
                Back
              </Button>
              <Button disabled={!hasRequired(mapping) || importing} onClick={() => void onImport()}>
                {importing ? 'Importing...' : 'Import Parts'}
              </Button>
            </DialogFooter>
          </div>
        ) : null}

        {step === 'results' && result ? <ResultsStep result={result} onClose={close} /> : null}
      </DialogContent>
    </Dialog>
  );
}
