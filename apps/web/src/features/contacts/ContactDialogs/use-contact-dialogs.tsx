import { CONTACT_TEXTS, type RelationshipType } from '@capsule/domain';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { LoadingDialog } from '../../../lib/ui/LoadingDialog/LoadingDialog';
import { useDialogTrigger } from '../../../lib/use-dialog-trigger';
import type { Contact } from '../contact-types';
import { DeleteContactDialog } from '../DeleteContactDialog/DeleteContactDialog';

interface DialogState {
  opened: boolean;
  /** Kept while the dialog closes, so its content does not vanish mid-transition. */
  contact: Contact | null;
  /** A new key for each opening: every opening starts from a fresh form. */
  key: number;
}

// The add and edit dialog (with Mantine's date input) loads when first opened, not with the
// signed-in app (the code evaluated before a page's content).
const ContactDialog = lazy(() =>
  import('../ContactDialog/ContactDialog').then((m) => ({ default: m.ContactDialog })),
);

const CLOSED: DialogState = { opened: false, contact: null, key: 0 };

/**
 * The contact dialogs every contact screen shares: Add New Contact (with the page's type
 * preset), Edit Contact and Delete Contact. Render `dialogs` once; call the openers anywhere.
 */
export function useContactDialogs(presetType?: RelationshipType) {
  const [editor, setEditor] = useState<DialogState>(CLOSED);
  const [deleter, setDeleter] = useState<DialogState>(CLOSED);
  // The focus goes back to the button or card that opened a dialog when it closes (to a
  // neighbour of the same name when a deleted contact's card has gone).
  const { remember, returnFocus } = useDialogTrigger();

  const closeEditor = useCallback(() => {
    setEditor((s) => ({ ...s, opened: false }));
    returnFocus();
  }, [returnFocus]);
  const closeDeleter = useCallback(() => {
    setDeleter((s) => ({ ...s, opened: false }));
    returnFocus();
  }, [returnFocus]);
  const openAdd = useCallback(() => {
    remember();
    setEditor((s) => ({ opened: true, contact: null, key: s.key + 1 }));
  }, [remember]);
  const openEdit = useCallback(
    (contact: Contact) => {
      remember();
      setEditor((s) => ({ opened: true, contact, key: s.key + 1 }));
    },
    [remember],
  );
  const openDelete = useCallback(
    (contact: Contact) => {
      remember();
      setDeleter((s) => ({ opened: true, contact, key: s.key + 1 }));
    },
    [remember],
  );

  const dialogs = useMemo(
    () => (
      <>
        {editor.key > 0 && (
          <Suspense
            fallback={
              editor.opened ? (
                <LoadingDialog
                  title={editor.contact ? CONTACT_TEXTS.editDialogTitle : CONTACT_TEXTS.addDialogTitle}
                  onClose={closeEditor}
                />
              ) : null
            }
          >
            <ContactDialog
              opened={editor.opened}
              onClose={closeEditor}
              contact={editor.contact}
              presetType={presetType}
              formKey={editor.key}
            />
          </Suspense>
        )}
        <DeleteContactDialog
          opened={deleter.opened}
          onClose={closeDeleter}
          contact={deleter.contact}
          formKey={deleter.key}
        />
      </>
    ),
    [editor, deleter, presetType, closeEditor, closeDeleter],
  );

  return { openAdd, openEdit, openDelete, dialogs };
}
