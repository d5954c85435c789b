// The Verify Milestone Documents dialog's file rules and texts (spec sections 2, 5, 8 and 9),
// verbatim. The browser checks a picked or dropped file with these; the server checks the
// declared file again when it hands out the upload URL, and the real blob at completion.

/** Spec section 9: 'Maximum document image 12 MB; png, jpeg, webp'. MB as the browser counts (MiB). */
export const MAX_DOCUMENT_MB = 12;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1024 * 1024;

export const DOCUMENT_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** What the file input may offer (the picker's accept attribute). */
export const DOCUMENT_ACCEPT = DOCUMENT_CONTENT_TYPES.join(',');

export const DOCUMENT_UPLOAD_TEXTS = {
  // Section 5, 'Document upload (recipient)'.
  invalidTypeTitle: 'Invalid file type',
  invalidTypePickBody: 'Please select a valid image file (PNG, JPG, JPEG, etc.)',
  invalidTypeDropBody: 'Please select a valid image file (PNG, JPG, JPEG, WEBP only).',
  tooLargeTitle: 'File too large',
  tooLargeBody: 'Please select an image under 12 MB.',
  noFileTitle: 'No file selected',
  noFileBody: 'Please select a document to upload (PNG, JPG, JPEG, etc.)',
  emptyFile: 'Invalid file: Blob is missing or empty.',
  // Section 2, the dialog.
  dialogTitle: 'Verify Milestone Documents',
  termsLabel: 'I agree to the Terms and Conditions',
  upload: 'Upload',
  uploading: 'Uploading...',
  cancel: 'Cancel',
  remove: 'Remove',
  // Section 8.
  success: 'Upload successful. You will receive an email when your document has been processed.',
  uploadFailed: (text: string) => `Upload failed: ${text}`,
} as const;

/** The server's one-line refusals: the spec's title and description joined. */
export const DOCUMENT_REFUSALS = {
  invalidType: `${DOCUMENT_UPLOAD_TEXTS.invalidTypeTitle}: ${DOCUMENT_UPLOAD_TEXTS.invalidTypeDropBody}`,
  tooLarge: `${DOCUMENT_UPLOAD_TEXTS.tooLargeTitle}: ${DOCUMENT_UPLOAD_TEXTS.tooLargeBody}`,
  empty: DOCUMENT_UPLOAD_TEXTS.emptyFile,
} as const;

interface DocumentFileProblem {
  title: string;
  description: string;
}

/**
 * The dialog's check of a chosen file: null when it may be uploaded, else the toast to show.
 * `via` picks the spec's wording: the picker and the drop area word the type error differently.
 */
export function documentFileProblem(
  file: { type: string; size: number } | null | undefined,
  via: 'pick' | 'drop' = 'pick',
): DocumentFileProblem | null {
  const T = DOCUMENT_UPLOAD_TEXTS;
  if (!file) return { title: T.noFileTitle, description: T.noFileBody };
  if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type.toLowerCase())) {
    return {
      title: T.invalidTypeTitle,
      description: via === 'drop' ? T.invalidTypeDropBody : T.invalidTypePickBody,
    };
  }
  if (file.size > MAX_DOCUMENT_BYTES) return { title: T.tooLargeTitle, description: T.tooLargeBody };
  if (file.size <= 0) return { title: 'Invalid file', description: 'Blob is missing or empty.' };
  return null;
}

/** '2.35 MB': the dialog shows the chosen file's size in MB. */
export const documentSizeLabel = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
