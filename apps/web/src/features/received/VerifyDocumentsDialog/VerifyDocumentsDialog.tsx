import { DOCUMENT_UPLOAD_TEXTS, documentFileProblem, documentSizeLabel } from '@capsule/domain';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileCertificate } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { EXTERNAL_LINKS, newTab } from '../../../lib/external-links';
import { toast } from '../../../lib/toast';
import { type ReceivedCapsule, receivedTitle } from '../received-display';
import { DocumentDropArea, type DocumentSource } from './DocumentDropArea';
import { useDocumentUpload } from './use-document-upload';
import classes from './VerifyDocumentsDialog.module.css';

const T = DOCUMENT_UPLOAD_TEXTS;

/** Ours: the spec names the warning without wording it. */
export const DOCUMENT_DO_NOT_CLOSE =
  'Please do not close or refresh this window while your document is uploading.';

interface VerifyDocumentsDialogProps {
  capsule: ReceivedCapsule;
  onClose: () => void;
}

/**
 * Verify Milestone Documents (spec section 2): an image of the document that proves the
 * milestone, dropped or picked (png, jpeg or webp, at most 12 MB; section 5), the terms box,
 * then the upload straight to storage. Upload waits for both the file and the box.
 */
export function VerifyDocumentsDialog({ capsule, onClose }: VerifyDocumentsDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [agreed, setAgreed] = useState(false);
  const transfer = useDocumentUpload(capsule.id, onClose);
  const { uploading } = transfer;

  // A small picture of the chosen image, so the recipient sees they chose the right one.
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const choose = (chosen: File | null, source: DocumentSource) => {
    const problem = documentFileProblem(chosen, source);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    setFile(chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast({ title: T.noFileTitle, description: T.noFileBody, variant: 'destructive' });
      return;
    }
    if (!agreed || uploading) return;
    void transfer.upload(file);
  };

  const close = () => {
    if (uploading) transfer.cancel();
    onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      title={T.dialogTitle}
      centered
      size="lg"
      // While the file moves, only Cancel stops it: no stray click or Escape does.
      closeOnClickOutside={!uploading}
      closeOnEscape={!uploading}
      withCloseButton={!uploading}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {receivedTitle(capsule)} from {capsule.sender.name} opens once a document proving the milestone
            has been verified: a certificate, a licence or a photo of it. We check it and e-mail you the
            outcome.
          </Text>

          {file ? (
            <Paper withBorder radius="md" p="sm">
              <Group gap="sm" wrap="nowrap">
                {previewUrl && <img src={previewUrl} alt="" className={classes.preview} />}
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text
                    size="sm"
                    fw={600}
                    style={{ overflowWrap: 'break-word', minWidth: 0 }}
                    data-testid="document-name"
                  >
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="document-size">
                    {documentSizeLabel(file.size)}
                  </Text>
                </div>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => setFile(null)}
                  disabled={uploading}
                >
                  {T.remove}
                </Button>
              </Group>
            </Paper>
          ) : (
            <DocumentDropArea onFile={choose} disabled={uploading} />
          )}

          <Checkbox
            checked={agreed}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
            disabled={uploading}
            label={
              <>
                I agree to the{' '}
                <Anchor href={EXTERNAL_LINKS.terms} {...newTab} inherit>
                  Terms and Conditions
                </Anchor>
              </>
            }
          />

          {uploading && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
              {DOCUMENT_DO_NOT_CLOSE}
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {T.cancel}
            </Button>
            <Button
              type="submit"
              disabled={!file || !agreed || uploading}
              leftSection={<IconFileCertificate size={16} />}
            >
              {uploading ? T.uploading : T.upload}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default VerifyDocumentsDialog;
