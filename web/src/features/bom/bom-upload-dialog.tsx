import { useEffect, useState } from 'react';
import { Upload } from '../../components/ui/icons';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { loadDraft, saveDraft, type BomDraft } from './bom-draft';
import { ColumnsStep } from './components/columns-step';
import { ReviewStep } from './components/review-step';
import { SourceStep } from './components/source-step';

type Step = 'source' | 'columns' | 'review';

/** A parts list (CSV, TSV, XLSX or pasted) into the quote basket: read, confirm the columns, review the matches, add. */
function BomUploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // The list being worked on survives Back, a reload and closing the dialog (bom-draft.ts).
  const [draft, setDraftState] = useState<BomDraft | null>(() => loadDraft());
  const [step, setStep] = useState<Step>(() => draft?.step ?? 'source');
  const setDraft = (update: (d: BomDraft | null) => BomDraft | null) => setDraftState((d) => update(d));
  useEffect(() => {
    if (saveDraft(draft) || !draft) return;
    // Too large for the tab's storage: ask before the page is left.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [draft]);

  const startOver = () => {
    setDraftState(null);
    setStep('source');
  };
  /** Starting over throws matched work away: asked first. */
  const askStartOver = () => {
    if (draft && draft.rows.length > 0 && !window.confirm('Start over? The matches and choices on this list are discarded.')) return;
    startOver();
  };
  const close = (next: boolean) => onOpenChange(next);
  const titles: Record<Step, string> = { source: 'Upload a parts list', columns: 'Check the columns', review: 'Review the matches' };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className={step === 'source' ? 'max-w-2xl' : 'max-w-6xl'} data-testid="bom-dialog">
        <DialogHeader>
          <DialogTitle>{titles[step]}</DialogTitle>
          <DialogDescription>
            {step === 'source'
              ? 'Add a bill of materials from a CSV, TSV or Excel file, or paste it from a spreadsheet. We match every line against our catalogue.'
              : step === 'columns'
                ? 'We guessed which row holds the column names and which column holds what. Correct anything that is wrong.'
                : 'Check each match and pick the right part where there is a choice. Your work is kept if you leave this page.'}
          </DialogDescription>
        </DialogHeader>
        {step === 'source' ? (
          <SourceStep
            onRead={(s) => {
              setDraftState({ step: 'columns', sheet: s, headerRow: s.headerRow, mapping: s.mapping, rows: [] });
              setStep('columns');
            }}
          />
        ) : null}
        {step === 'columns' && draft ? (
          <ColumnsStep
            sheet={draft.sheet}
            headerRow={draft.headerRow}
            mapping={draft.mapping}
            canResume={draft.rows.length > 0}
            onBack={askStartOver}
            onResume={() => {
              setDraft((d) => (d ? { ...d, step: 'review' } : d));
              setStep('review');
            }}
            onChange={(headerRow, mapping) => setDraft((d) => (d ? { ...d, headerRow, mapping } : d))}
            onMatched={(rows) => {
              setDraft((d) => (d ? { ...d, rows, step: 'review' } : d));
              setStep('review');
            }}
          />
        ) : null}
        {step === 'review' && draft ? (
          <ReviewStep
            rows={draft.rows}
            setRows={(update) => setDraft((d) => (d ? { ...d, rows: update(d.rows) } : d))}
            onBack={() => {
              setDraft((d) => (d ? { ...d, step: 'columns' } : d));
              setStep('columns');
            }}
            onDone={() => {
              startOver();
              onOpenChange(false);
            }}
          />
        ) : null}
        {step !== 'source' ? (
          <button type="button" className="w-fit text-sm text-slate-600 underline" onClick={askStartOver}>
            Start over with another list
          </button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The button that opens the dialog, for the basket drawer and the quote request page. */
export function BomUploadButton({ className, onOpen }: { className?: string; onOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className={className}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        <Upload className="h-4 w-4" aria-hidden />
        Upload a parts list
      </Button>
      <BomUploadDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
