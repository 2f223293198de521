import type { AttachmentMimeType } from '@parts/shared/constants';
import type { PresignedUpload } from '@parts/shared/schemas';
import { ApiError } from './api-client';
import { api, call } from './api';
import { attachmentContentType } from './attachment-rules';

/**
 * Files go straight to S3 through a presigned PUT, so a 5 MB attachment never passes through Lambda (whose
 * request bodies are capped at 4 MiB: ADR 108). Answers the key the API then takes in `attachmentKeys`.
 */
export async function uploadAttachment(file: File): Promise<string> {
  const contentType = attachmentContentType(file) as AttachmentMimeType;
  const upload: PresignedUpload = await call(api.api.uploads.attachments.$post({ json: { fileName: file.name, contentType, size: file.size } }));
  const response = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return upload.key;
}
