import { screen, waitFor } from '@testing-library/react';

/**
 * The open dialog (by its title, if given) once its code is here: a dialog loaded on first
 * opening shows LoadingDialog, with the same title and a busy loader, until then.
 */
export function findLoadedDialog(name?: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getByRole('dialog', name === undefined ? {} : { name });
    if (dialog.querySelector('[aria-busy="true"]')) throw new Error('the dialog is still loading');
    return dialog;
  });
}
