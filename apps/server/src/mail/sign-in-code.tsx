/** @jsxRuntime automatic */
import { FinePrint, MailLayout, Paragraph, PRODUCT_NAME } from './layout.js';
import { type RenderedMail, renderMail } from './render.js';

// The one-time sign-in code. Sent while the user waits on the code screen (decision 002), so it
// stays one small render (decision 022 has its time).

/** The code mail's subject; the tests tell a code mail by it. */
export const oneTimeCodeSubject = (code: string) => `${PRODUCT_NAME}: your sign-in code is ${code}`;

function SignInCode({
  fullName,
  code,
  validMinutes,
}: {
  fullName: string;
  code: string;
  validMinutes: number;
}) {
  return (
    <MailLayout preview={`Your ${PRODUCT_NAME} sign-in code is ${code}`}>
      <Paragraph>{`Hello ${fullName},`}</Paragraph>
      <Paragraph>{`Your ${PRODUCT_NAME} sign-in code is:`}</Paragraph>
      <Paragraph style={{ fontSize: '28px', fontWeight: 'bold', letterSpacing: '6px', lineHeight: '36px' }}>
        {code}
      </Paragraph>
      <Paragraph>{`It is valid for ${validMinutes} minutes and can be used once.`}</Paragraph>
      <FinePrint>
        If you did not try to sign in, you can ignore this e-mail; your password may be known to someone else,
        so consider changing it on the main site.
      </FinePrint>
    </MailLayout>
  );
}

export function oneTimeCodeMail(fullName: string, code: string, validMinutes: number): Promise<RenderedMail> {
  return renderMail(
    oneTimeCodeSubject(code),
    <SignInCode fullName={fullName} code={code} validMinutes={validMinutes} />,
  );
}
