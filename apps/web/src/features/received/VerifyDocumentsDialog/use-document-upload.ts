import { CAPSULE_UPLOAD_TEXTS, DOCUMENT_UPLOAD_TEXTS } from '@capsule/domain';
import { useEffect, useRef, useState } from 'react';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useDocumentCalls, useRefreshReceived } from '../received-api';
import { putDocument, StorageRefusal } from './put-document';

const T = DOCUMENT_UPLOAD_TEXTS;

/**
 * The document upload (spec section 4, 'Document upload'): a write URL for one server-named
 * blob (document.start), the file PUT straight to storage, then the server's check of what
 * arrived (document.complete). Success toasts the spec's text and refreshes the list.
 */
export function useDocumentUpload(capsuleId: string, onDone: () => void) {
  const calls = useDocumentCalls();
  const refresh = useRefreshReceived();
  const [uploading, setUploading] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // While the file is on its way, leaving the page asks first (the dialog says why).
  useEffect(() => {
    if (!uploading) return;
    const guard = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [uploading]);

  useEffect(() => () => abort.current?.abort(), []);

  async function upload(file: File) {
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    try {
      const slot = await calls.start({
        capsuleId,
        fileName: file.name,
        contentType: file.type,
        size: file.size,
      });
      await putDocument(slot.sasUrl, file, controller.signal);
      await calls.complete({ capsuleId, blobName: slot.blobName });
      toast({ title: T.success });
      void refresh();
      onDone();
    } catch (error) {
      if (controller.signal.aborted) return;
      const text =
        error instanceof StorageRefusal
          ? error.text
          : serverErrorMessage(error, CAPSULE_UPLOAD_TEXTS.somethingWentWrong);
      toast({ title: T.uploadFailed(text), variant: 'destructive' });
    } finally {
      if (abort.current === controller) abort.current = null;
      setUploading(false);
    }
  }

  /** Stops a PUT under way; nothing is completed, so the server keeps no document. */
  const cancel = () => abort.current?.abort();

  return { upload, uploading, cancel };
}
