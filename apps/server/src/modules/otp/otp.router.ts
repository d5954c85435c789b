import { otpInputSchema } from '@capsule/domain';
import { setSessionCookie } from '../../plugins/session.js';
import { publicProcedure, router } from '../../trpc/init.js';
import { sendCode, verifyCode } from './otp.service.js';

export const otpRouter = router({
  send: publicProcedure.mutation(({ ctx }) => sendCode(ctx.deps, ctx.session)),

  verify: publicProcedure.input(otpInputSchema).mutation(async ({ ctx, input }) => {
    const { result, session } = await verifyCode(ctx.deps, ctx.session, input, ctx.meta);
    setSessionCookie(ctx.deps, ctx.reply, session);
    return result;
  }),
});
