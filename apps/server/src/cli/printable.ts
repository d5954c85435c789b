/**
 * A member's words as a terminal line: control characters (escape sequences a sender could type
 * into an objection to rewrite an operator's screen, line breaks) shown as spaces.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export const printable = (text: string) => text.replace(CONTROL, ' ');
