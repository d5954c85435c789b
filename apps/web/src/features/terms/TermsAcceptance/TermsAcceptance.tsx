import { TERMS_SECTIONS, TERMS_TEXTS, TERMS_VERSION } from '@capsule/domain';
import { Alert, Box, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How close to the end counts as 'at the end': browsers round scroll positions. */
const END_TOLERANCE_PX = 8;

function reachedEnd(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= END_TOLERANCE_PX;
}

interface TermsAcceptanceProps {
  submitting: boolean;
  onAccept: () => void;
}

/**
 * Spec section 2, 'Terms screen': the checkbox appears only once the text has been scrolled
 * to its end (a text shorter than its box counts as read to the end), and the button is
 * enabled only when scrolled and ticked. Once reached, the end stays reached.
 */
export function TermsAcceptance({ submitting, onAccept }: TermsAcceptanceProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrolledToEnd, setScrolledToEnd] = useState(false);
  const [agreed, setAgreed] = useState(false);

  const check = useCallback(() => {
    const el = boxRef.current;
    if (el && reachedEnd(el)) setScrolledToEnd(true);
  }, []);

  useEffect(() => {
    check();
    const el = boxRef.current;
    window.addEventListener('resize', check);
    const observer = typeof ResizeObserver === 'undefined' || !el ? null : new ResizeObserver(check);
    if (el) observer?.observe(el);
    return () => {
      window.removeEventListener('resize', check);
      observer?.disconnect();
    };
  }, [check]);

  return (
    <Stack gap="md">
      <Box
        ref={boxRef}
        onScroll={check}
        data-testid="terms-scroll-box"
        tabIndex={0}
        role="region"
        aria-label={TERMS_TEXTS.title}
        style={{
          maxHeight: 'min(420px, 55vh)',
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-gray-0)',
        }}
        p={{ base: 'md', sm: 'lg' }}
      >
        <Stack gap="md">
          <Text size="xs" c="dimmed">
            Version {TERMS_VERSION}
          </Text>
          {TERMS_SECTIONS.map((section) => (
            <section key={section.heading}>
              <Title order={3} fz="md" mb={4}>
                {section.heading}
              </Title>
              <Text size="sm" lh={1.6}>
                {section.body}
              </Text>
            </section>
          ))}
        </Stack>
      </Box>

      {scrolledToEnd ? (
        <Paper withBorder p="md" radius="md">
          <Checkbox
            label={TERMS_TEXTS.checkbox}
            checked={agreed}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
          />
        </Paper>
      ) : (
        <Alert variant="light" color="orange" role="note" icon={<IconArrowDown size={18} />}>
          {TERMS_TEXTS.scrollHint}
        </Alert>
      )}

      <Button
        size="md"
        onClick={onAccept}
        disabled={!scrolledToEnd || !agreed || submitting}
        style={{ alignSelf: 'flex-end' }}
      >
        {submitting ? TERMS_TEXTS.submitting : TERMS_TEXTS.submit}
      </Button>
    </Stack>
  );
}
