import { RELATIONSHIP_DETAILS, type RelationshipDetail, type RelationshipType } from '@capsule/domain';
import { Badge, ScrollArea, Tabs } from '@mantine/core';
import type { Contact } from '../../contacts';
import { NETWORK_TEXTS } from '../network-texts';
import classes from './DetailTabs.module.css';

export const ALL_DETAILS = 'all';
export type DetailFilter = RelationshipDetail | typeof ALL_DETAILS;

/** The tab named by the address, or All for an unknown or missing one. */
export function parseDetailFilter(value: string | null, type: RelationshipType): DetailFilter {
  const details = RELATIONSHIP_DETAILS[type] as readonly RelationshipDetail[];
  return details.find((detail) => detail === value) ?? ALL_DETAILS;
}

export function filterByDetail(contacts: readonly Contact[], filter: DetailFilter): Contact[] {
  return filter === ALL_DETAILS ? [...contacts] : contacts.filter((c) => c.relationshipDetails === filter);
}

interface DetailTabsProps {
  type: RelationshipType;
  /** The contacts of the type, counted per tab. */
  contacts: readonly Contact[];
  value: DetailFilter;
  onChange: (value: DetailFilter) => void;
}

/** All, then one tab per relationship detail of the type, each with its count. */
export function DetailTabs({ type, contacts, value, onChange }: DetailTabsProps) {
  const counts = new Map<string, number>();
  for (const contact of contacts) {
    if (contact.relationshipDetails)
      counts.set(contact.relationshipDetails, (counts.get(contact.relationshipDetails) ?? 0) + 1);
  }
  const tabs = [
    { value: ALL_DETAILS, label: NETWORK_TEXTS.allTab, count: contacts.length },
    ...RELATIONSHIP_DETAILS[type].map((detail) => ({
      value: detail,
      label: detail,
      count: counts.get(detail) ?? 0,
    })),
  ];

  return (
    <Tabs
      value={value}
      onChange={(next) => onChange(parseDetailFilter(next, type))}
      variant="pills"
      radius="xl"
      keepMounted={false}
    >
      <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
        <Tabs.List className={classes.list} aria-label={NETWORK_TEXTS.detailTabsLabel}>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              className={classes.tab}
              rightSection={
                <Badge
                  size="xs"
                  circle={tab.count < 10}
                  variant={tab.value === value ? 'white' : 'light'}
                  color={tab.count === 0 ? 'gray' : 'brand'}
                >
                  {tab.count}
                </Badge>
              }
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </ScrollArea>
    </Tabs>
  );
}
