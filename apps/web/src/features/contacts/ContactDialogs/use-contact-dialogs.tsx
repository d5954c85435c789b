import type { RelationshipType } from '@capsule/domain';
import { useCallback, useMemo, useState } from 'react';
import { ContactDialog } from '../ContactDialog/ContactDialog';
import type { Contact } from '../contact-types';
import { DeleteContactDialog } from '../DeleteContactDialog/DeleteContactDialog';

interface DialogState {
  opened: boolean;
  /** Kept while the dialog closes, so its content does not vanish mid-transition. */
  contact: Contact | null;
  /** A new key for each opening: every opening starts from a fresh form. */
  key: number;
}

const CLOSED: DialogState = { opened: false, contact: null, key: 0 };

/**
 * The contact dialogs every contact screen shares: Add New Contact (with the page's type
 * preset), Edit Contact and Delete Contact. Render `dialogs` once; call the openers anywhere.
 */
export function useContactDialogs(presetType?: RelationshipType) {
  const [editor, setEditor] = useState<DialogState>(CLOSED);
  const [deleter, setDeleter] = useState<DialogState>(CLOSED);

  const openAdd = useCallback(() => setEditor((s) => ({ opened: true, contact: null, key: s.key + 1 })), []);
  const openEdit = useCallback(
    (contact: Contact) => setEditor((s) => ({ opened: true, contact, key: s.key + 1 })),
    [],
  );
  const openDelete = useCallback(
    (contact: Contact) => setDeleter((s) => ({ opened: true, contact, key: s.key + 1 })),
    [],
  );

  const dialogs = useMemo(
    () => (
      <>
        <ContactDialog
          opened={editor.opened}
          onClose={() => setEditor((s) => ({ ...s, opened: false }))}
          contact={editor.contact}
          presetType={presetType}
          formKey={editor.key}
        />
        <DeleteContactDialog
          opened={deleter.opened}
          onClose={() => setDeleter((s) => ({ ...s, opened: false }))}
          contact={deleter.contact}
          formKey={deleter.key}
        />
      </>
    ),
    [editor, deleter, presetType],
  );

  return { openAdd, openEdit, openDelete, dialogs };
}
