// The core's words: what a sender hears about a capsule that is not theirs or not there.

/** Another user's capsule answers like a missing one (docs/server-rules.md): one 404 text. */
export const CAPSULE_NOT_FOUND = 'Capsule not found';
