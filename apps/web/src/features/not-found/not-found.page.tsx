import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../app/routes';

/** Any path outside the route table (spec section 2). */
export function NotFoundPage() {
  return (
    <Center py={64}>
      <Stack align="center" gap="md" ta="center">
        <Text fw={800} fz={64} c="brand.2" lh={1}>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Button component={Link} to={ROUTES.root} variant="light">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
