// Texts of the contact screens that the spec does not word (the quoted ones live in
// @capsule/domain's CONTACT_TEXTS and are used from there).
export const CONTACT_SCREEN_TEXTS = {
  noResults: 'No results found',
  noResultsHint: 'No contact matches your search. Try another name or e-mail.',
  searchLabel: 'Search contacts',
  searchPlaceholder: 'Search by name or email',
  loadFailed: 'Could not load your contacts.',
  retry: 'Try again',
  editFailed: 'Failed to edit contact',
  submitAdd: 'Add Contact',
  submitEdit: 'Save Changes',
  submitting: 'Saving...',
  deleteButton: 'Delete',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  duplicateEmail: (name: string) => `You already have a contact with this e-mail: ${name}.`,
  duplicateEmailHint: 'You can still save this contact.',
} as const;
