import { TRAIL_ACTORS, TRAIL_EVENTS } from '@capsule/domain';
import { z } from 'zod';

// What the trail procedures answer (capsules.trail, receivedCapsules.trail), checked on the way
// out: the event's words for the caller, not its raw details.

export const trailOutputSchema = z.array(
  z.object({
    at: z.iso.datetime({ offset: true }),
    event: z.enum(TRAIL_EVENTS),
    actor: z.enum(TRAIL_ACTORS),
    text: z.string(),
  }),
);
