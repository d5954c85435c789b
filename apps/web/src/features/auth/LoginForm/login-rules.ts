import { type LoginInput, loginInputSchema } from '@capsule/domain';

export type LoginField = keyof LoginInput;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The shared sign-in schema's verdict: the parsed input, or the first message per field. */
export function checkLogin(values: Record<LoginField, string>): { input?: LoginInput; errors: LoginErrors } {
  const result = loginInputSchema.safeParse(values);
  if (result.success) return { input: result.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { errors };
}
