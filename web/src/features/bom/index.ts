export { BomUploadButton } from './bom-upload-dialog';
