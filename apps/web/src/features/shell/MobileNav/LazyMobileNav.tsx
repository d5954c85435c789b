import { lazy, Suspense, useState } from 'react';

const MobileNav = lazy(() => import('./MobileNav').then((m) => ({ default: m.MobileNav })));

interface LazyMobileNavProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The mobile menu's drawer loads the first time it is opened: most visits never open it, and
 * the drawer brings overlays and scroll locking that the first visit need not carry.
 */
export function LazyMobileNav({ opened, onClose }: LazyMobileNavProps) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MobileNav opened={opened} onClose={onClose} />
    </Suspense>
  );
}
