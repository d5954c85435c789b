import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a client-given id can name a row at all; anything else is answered like a missing row. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * An id from the client. A malformed id is not a 400 but "no such row": a caller cannot tell
 * a bad id from someone else's (docs/server-rules.md, 'Authorisation').
 */
export const idSchema = z.string().trim().min(1, 'An id is required').max(100);
