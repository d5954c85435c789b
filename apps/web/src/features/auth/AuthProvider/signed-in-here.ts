import { browser } from '../../../lib/browser';

// Whether this tab had a signed-in session: a mark in session storage (kept across reloads,
// per tab, gone with the tab), set while signed in and removed once signed out by the app
// (logout, or once the sign-in screen has said the session ended). A start that finds the mark
// but no session means the session ended without a logout (the idle or age limit), and the
// sign-in screen says so; a first-time visitor has no mark and sees no such notice.
const KEY = 'capsule.signedInHere';

export const signedInHere = {
  was: (): boolean => browser.readSessionItem(KEY) !== null,
  mark: (): void => browser.writeSessionItem(KEY, '1'),
  forget: (): void => browser.writeSessionItem(KEY, null),
};
