import { MAX_ATTACHMENT_BYTES, megabytes } from './constants';

/** The spec's attachment refusals (section 9), worded once for the web and the server. */
export const attachmentTooLargeMessage = (fileName: string) => `${fileName} exceeds the ${megabytes(MAX_ATTACHMENT_BYTES)}MB limit.`;
export const attachmentTypeMessage = (fileName: string) => `${fileName} is not a supported file type.`;
/** The hint under attachment pickers and in the FAQ. */
export const ATTACHMENT_HINT = `JPG, PNG, PDF, DOC or DOCX, up to ${megabytes(MAX_ATTACHMENT_BYTES)}MB each`;
