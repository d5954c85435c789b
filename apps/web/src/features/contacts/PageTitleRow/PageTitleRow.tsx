import { Flex } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../lib/ui/PageHeader/PageHeader';

interface PageTitleRowProps {
  title: string;
  description?: ReactNode;
  /** The page's main action, beside the heading on wide screens and under it on a phone. */
  action: ReactNode;
}

/** The page heading with its main action: side by side from 768 px, stacked below. */
export function PageTitleRow({ title, description, action }: PageTitleRowProps) {
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', sm: 'flex-start' }}
      columnGap="md"
      mb="lg"
    >
      <PageHeader title={title} description={description} />
      {action}
    </Flex>
  );
}
