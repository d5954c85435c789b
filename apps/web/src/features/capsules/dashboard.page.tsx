import { CAPSULE_TEXTS } from '@capsule/domain';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../lib/ui/PageHeader/PageHeader';
import { MyCapsules } from './MyCapsules/MyCapsules';
import { PlanSummary } from './PlanSummary/PlanSummary';
import { StatsStrip } from './StatsStrip/StatsStrip';
import { StorageLapseAlert } from './StorageLapseAlert/StorageLapseAlert';

/** /dashboard: the stats strip and My Capsules (spec section 2). */
export function DashboardPage() {
  return (
    <Stack gap="lg">
      <div>
        <PageHeader
          title={CAPSULE_TEXTS.pageTitle}
          description="The capsules you keep for the people you love."
        />
        <Stack gap="sm" mt={-8}>
          <StatsStrip />
          <PlanSummary />
          <StorageLapseAlert />
        </Stack>
      </div>
      <MyCapsules />
    </Stack>
  );
}
