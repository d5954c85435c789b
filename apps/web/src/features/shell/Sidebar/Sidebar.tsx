import { Divider, Stack } from '@mantine/core';
import { AreaNavLinks } from '../AreaNavLinks/AreaNavLinks';
import { UserIdentity } from '../UserIdentity/UserIdentity';

/** Spec section 2, 'Sidebar': the user's name and e-mail, then the signed-in areas. */
export function Sidebar() {
  return (
    <Stack gap="sm">
      <UserIdentity px={4} />
      <Divider />
      <Stack gap={4} component="nav" aria-label="Sidebar">
        <AreaNavLinks />
      </Stack>
    </Stack>
  );
}
