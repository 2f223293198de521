import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../hooks/use-toast';

/** The server's `message` field when it sent one, else the spec's fallback text (section 8). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** The field refusals of a 4xx answer (`issues: [{ path, message }]`), to show beside their fields. */
export function serverFieldIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError) || error.status >= 500) return [];
  try {
    const body = JSON.parse(error.body) as { issues?: unknown };
    if (!Array.isArray(body.issues)) return [];
    return body.issues.filter(
      (i): i is { path: string; message: string } =>
        typeof i === 'object' && i !== null && typeof i.path === 'string' && i.path !== '' && typeof i.message === 'string',
    );
  } catch {
    return [];
  }
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
