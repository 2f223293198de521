import { ApiError } from './api-client';

/**
 * Saves a file answer (an export) through the browser's download: the name from its Content-Disposition, else
 * `fallbackName`. A failed answer throws its ApiError (the caller's toast reads its message).
 */
export async function saveDownload(res: Response, fallbackName: string): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
