import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../hooks/use-toast';

/** The server's `message` field when it sent one, else the spec's fallback text (section 8). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export function toastSuccess(description: string) {
  toast({ title: 'Success', description });
}

export function toastAdminError(error: unknown, fallback: string) {
  toast({ title: 'Error', description: serverMessageOr(error, fallback), variant: 'destructive' });
}

export function toastImportResult({ successCount, errorCount }: { successCount: number; errorCount: number }) {
  if (errorCount === 0) {
    toast({ title: 'Import Successful', description: `Successfully imported ${successCount} parts.` });
  } else {
    toast({
      title: 'Import Completed with Errors',
      description: `Imported ${successCount} parts with ${errorCount} errors.`,
      variant: 'destructive',
    });
  }
}

export function toastImportFailed(error: unknown) {
  toast({ title: 'Import Failed', description: serverMessageOr(error, 'Failed to import CSV file'), variant: 'destructive' });
}
