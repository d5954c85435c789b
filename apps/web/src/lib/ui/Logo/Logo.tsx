import { Group, Text } from '@mantine/core';
import logoUrl from '../../../assets/logo.svg';
import { PRODUCT_NAME } from '../../external-links';

interface LogoProps {
  size?: number;
  withName?: boolean;
}

export function Logo({ size = 32, withName = true }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src={logoUrl} width={size} height={size} alt={withName ? '' : PRODUCT_NAME} />
      {withName && (
        <Text
          component="span"
          fw={700}
          fz={{ base: 'md', xs: 'lg' }}
          c="brand.9"
          style={{ whiteSpace: 'nowrap' }}
        >
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
