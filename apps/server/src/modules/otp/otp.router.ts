import { otpInputSchema } from '@capsule/domain';
import { setSessionCookie } from '../../plugins/session.js';
import { parsedOutput, publicProcedure, router } from '../../trpc/init.js';
import { codeSentOutputSchema, codeVerifiedOutputSchema } from './otp.output.js';
import { sendCode, verifyCode } from './otp.service.js';

export const otpRouter = router({
  send: publicProcedure
    .output(parsedOutput(codeSentOutputSchema))
    .mutation(({ ctx }) => sendCode(ctx.deps, ctx.session)),

  verify: publicProcedure
    .input(otpInputSchema)
    .output(parsedOutput(codeVerifiedOutputSchema))
    .mutation(async ({ ctx, input }) => {
      const { result, session } = await verifyCode(ctx.deps, ctx.session, input, ctx.meta);
      setSessionCookie(ctx.deps, ctx.reply, session);
      return result;
    }),
});
