import type { ContactFormValues } from '@capsule/domain';

// The server checks the camelCase input (`contacts.create`) or the same nested under
// `contact` (`contacts.update`); the form names its fields as the spec's payload does.
const SERVER_TO_FORM: Record<string, keyof ContactFormValues> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'x_studio_email',
  phone: 'phone',
  relationshipType: 'x_studio_relationship_type',
  relationshipDetails: 'x_relationship_details',
  birthday: 'birthday',
};

/** The server's per-field messages, keyed by the form's field names; others are dropped. */
export function formErrorsFromServer(
  fieldErrors: Record<string, string>,
): Partial<Record<keyof ContactFormValues, string>> {
  const errors: Partial<Record<keyof ContactFormValues, string>> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = SERVER_TO_FORM[path.replace(/^contact\./, '')];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}
