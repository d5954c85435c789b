import { loginInputSchema, profileUpdateSchema } from '@capsule/domain';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.js';
import { parsedOutput, protectedProcedure, publicProcedure, router } from '../../trpc/init.js';
import {
  authStatusOutputSchema,
  loginOutputSchema,
  logoutOutputSchema,
  sessionUserOutputSchema,
} from './auth.output.js';
import { login, loginStatus, logout, updateProfile } from './auth.service.js';

export const authRouter = router({
  // The client's first call: the sign-in and terms state, and the links the server configures
  // (SHOP_URL), so the web client hard-codes none of them.
  status: publicProcedure.output(parsedOutput(authStatusOutputSchema)).query(({ ctx }) => ({
    ...loginStatus(ctx.session),
    links: { shop: ctx.deps.config.shopUrl },
  })),

  login: publicProcedure
    .input(loginInputSchema)
    .output(parsedOutput(loginOutputSchema))
    .mutation(async ({ ctx, input }) => {
      const { result, session } = await login(ctx.deps, input, ctx.meta, ctx.session);
      setSessionCookie(ctx.deps, ctx.reply, session);
      return result;
    }),

  logout: publicProcedure.output(parsedOutput(logoutOutputSchema)).mutation(async ({ ctx }) => {
    const result = await logout(ctx.deps, ctx.session);
    clearSessionCookie(ctx.deps, ctx.reply);
    return result;
  }),

  updateProfile: protectedProcedure
    .input(profileUpdateSchema)
    .output(parsedOutput(sessionUserOutputSchema))
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.session, input)),
});
