import { describe, expect, it } from 'vitest';
import {
  documentFileProblem,
  documentSizeLabel,
  MAX_DOCUMENT_BYTES,
  DOCUMENT_UPLOAD_TEXTS as T,
} from './document-upload.js';

describe('the document dialog file check', () => {
  it('takes PNG, JPEG and WEBP up to 12 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'IMAGE/PNG']) {
      expect(documentFileProblem({ type, size: MAX_DOCUMENT_BYTES })).toBeNull();
    }
  });

  it("refuses with the spec's words, worded as the picker or the drop area words them", () => {
    expect(documentFileProblem(null)).toEqual({ title: T.noFileTitle, description: T.noFileBody });
    expect(documentFileProblem({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select a valid image file (PNG, JPG, JPEG, etc.)',
    });
    expect(documentFileProblem({ type: 'image/gif', size: 10 }, 'drop')?.description).toBe(
      'Please select a valid image file (PNG, JPG, JPEG, WEBP only).',
    );
    expect(documentFileProblem({ type: 'image/png', size: MAX_DOCUMENT_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image under 12 MB.',
    });
    expect(documentFileProblem({ type: 'image/png', size: 0 })?.description).toBe(
      'Blob is missing or empty.',
    );
  });

  it('shows sizes in MB', () => {
    expect(documentSizeLabel(2.5 * 1024 * 1024)).toBe('2.50 MB');
  });
});
