import { initials } from '@capsule/domain';
import { Avatar, Badge, Button } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { useAuth } from '../../auth';
import { displayName } from '../display-name';

// The header's signed-in items, loaded only once someone is signed in: a signed-out visitor's
// first visit does not carry them.

const UserMenu = lazy(() => import('../UserMenu/UserMenu'));

export function BetaBadge() {
  return (
    <Badge variant="light" color="orange" size="sm" radius="sm" style={{ flexShrink: 0 }}>
      BETA
    </Badge>
  );
}

export function SignedInActions() {
  const { user } = useAuth();
  return (
    <>
      <Button component={Link} to={ROUTES.dashboard} visibleFrom="sm" size="sm">
        My Capsules
      </Button>
      <Suspense
        fallback={
          <Avatar color="brand" radius="xl" size={36} aria-hidden>
            {initials(displayName(user))}
          </Avatar>
        }
      >
        <UserMenu />
      </Suspense>
    </>
  );
}
