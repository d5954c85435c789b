/** @jsxRuntime automatic */
import type { CSSProperties, ReactNode } from 'react';
import { Body, Button, Container, Head, Html, Preview, Text } from 'react-email';

// The frame every mail shares (React Email's components: table layout and inline styles that
// mail clients keep) and the few blocks the templates are made of. Colours are the portal's.

export const PRODUCT_NAME = 'Legacy Capsule';

const colors = { ink: '#1f2937', muted: '#6b7280', brand: '#653cc4', wash: '#f4f0ff', amber: '#f59e0b' };

const body: CSSProperties = {
  backgroundColor: colors.wash,
  color: colors.ink,
  fontFamily: 'Arial, Helvetica, sans-serif',
  margin: 0,
  padding: '24px 0',
};
const card: CSSProperties = {
  backgroundColor: '#ffffff',
  borderRadius: '8px',
  maxWidth: '560px',
  padding: '24px 32px',
};
const brand: CSSProperties = {
  color: colors.brand,
  fontSize: '13px',
  fontWeight: 'bold',
  letterSpacing: '1px',
  margin: '0 0 8px',
  textTransform: 'uppercase',
};
const paragraph: CSSProperties = { fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };

/** The page: a preheader (the inbox's preview line, left out of the text part), the brand, the body. */
export function MailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={brand}>{PRODUCT_NAME}</Text>
          {children}
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...paragraph, ...style }}>{children}</Text>;
}

/** Small print under the mail's main message. */
export function FinePrint({ children }: { children: ReactNode }) {
  return (
    <Paragraph style={{ color: colors.muted, fontSize: '13px', lineHeight: '20px' }}>{children}</Paragraph>
  );
}

/**
 * Someone's own words (a sender's note, a reviewer's reason), set apart, line breaks kept as
 * breaks so the text part keeps them too.
 */
export function Quote({ text, tone = 'brand' }: { text: string; tone?: 'brand' | 'warning' }) {
  const lines = text.split(/\r?\n/);
  return (
    <Paragraph
      style={{
        borderLeft: `3px solid ${tone === 'brand' ? colors.brand : colors.amber}`,
        paddingLeft: '12px',
      }}
    >
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are static text, in order
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </Paragraph>
  );
}

/** The mail's one action: a button in HTML, its label and address in the text part. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Paragraph style={{ margin: '8px 0 16px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.brand,
          borderRadius: '6px',
          color: '#ffffff',
          fontSize: '15px',
          fontWeight: 'bold',
          padding: '12px 20px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Paragraph>
  );
}
