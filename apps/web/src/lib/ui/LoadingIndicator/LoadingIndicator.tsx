import { Center, Stack, Text } from '@mantine/core';
import logoUrl from '../../../assets/logo.svg';
import classes from './LoadingIndicator.module.css';

interface LoadingIndicatorProps {
  label: string;
  /** Fill the whole viewport (used before any layout exists, e.g. by the route guard). */
  fullScreen?: boolean;
}

/** The portal's loading indicator: the bouncing logo with a label under it. */
export function LoadingIndicator({ label, fullScreen = false }: LoadingIndicatorProps) {
  return (
    <Center className={fullScreen ? classes.fullScreen : classes.root} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <img src={logoUrl} alt="" className={classes.image} />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
