import { z } from 'zod';

// What the auth procedures answer, checked on the way out (.output()): zod strips any field not
// listed, so each schema lists every field the web client reads (the sign-in pages, the header,
// the profile form).

/** The signed-in user as the client sees it: the users module's public fields, never the hash. */
export const sessionUserOutputSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
});

/** loggedIn means fully signed in (code verified); a password-stage session still requires the code. */
export const loginStatusOutputSchema = z.object({
  loggedIn: z.boolean(),
  requiresOtp: z.boolean(),
  hasReadTerms: z.boolean(),
  user: sessionUserOutputSchema.nullable(),
});
export type LoginStatus = z.infer<typeof loginStatusOutputSchema>;

/** auth.status: the sign-in state and the links the server configures (SHOP_URL). */
export const authStatusOutputSchema = loginStatusOutputSchema.extend({
  links: z.object({ shop: z.string() }),
});

export const loginOutputSchema = z.object({
  success: z.literal(true),
  requiresOtp: z.literal(true),
  hasReadTerms: z.boolean(),
});
export type LoginResult = z.infer<typeof loginOutputSchema>;

export const logoutOutputSchema = z.object({ success: z.literal(true) });
