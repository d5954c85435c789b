import { CONTACT_TEXTS, matchesContactSearch, NETWORK_PAGES } from '@capsule/domain';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useContactDialogs } from './ContactDialogs/use-contact-dialogs';
import { ContactGrid } from './ContactGrid/ContactGrid';
import { CONTACT_SCREEN_TEXTS } from './contact-screen-texts';
import { PageTitleRow } from './PageTitleRow/PageTitleRow';
import { useContactsQuery } from './use-contacts';

/** /contacts: My Contacts (spec section 2). */
export function ContactsPage() {
  const contacts = useContactsQuery();
  const { openAdd, openEdit, openDelete, dialogs } = useContactDialogs();
  const [search, setSearch] = useState('');
  const all = contacts.data ?? [];
  const shown = useMemo(() => all.filter((contact) => matchesContactSearch(contact, search)), [all, search]);
  const searching = search.trim().length > 0;

  return (
    <>
      <PageTitleRow
        title="My Contacts"
        description="The people your capsules can be sent to."
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={openAdd}>
            {CONTACT_TEXTS.addButton}
          </Button>
        }
      />

      <Stack gap="lg">
        <Group gap="xs" wrap="wrap" aria-label="Your networks" role="navigation">
          {Object.values(NETWORK_PAGES).map((page) => (
            <Button key={page.path} component={Link} to={page.path} variant="light" size="xs" radius="xl">
              {page.title}
            </Button>
          ))}
        </Group>

        <TextInput
          aria-label={CONTACT_SCREEN_TEXTS.searchLabel}
          placeholder={CONTACT_SCREEN_TEXTS.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={{ sm: 420 }}
        />

        {contacts.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={CONTACT_SCREEN_TEXTS.loadFailed}
          >
            <Button size="xs" variant="white" color="red" mt="xs" onClick={() => contacts.refetch()}>
              {CONTACT_SCREEN_TEXTS.retry}
            </Button>
          </Alert>
        ) : (
          <ContactGrid
            contacts={shown}
            loading={contacts.isPending}
            onEdit={openEdit}
            onDelete={openDelete}
            empty={
              searching && all.length > 0
                ? { title: CONTACT_SCREEN_TEXTS.noResults, description: CONTACT_SCREEN_TEXTS.noResultsHint }
                : {
                    title: CONTACT_TEXTS.empty,
                    action: (
                      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={openAdd}>
                        {CONTACT_TEXTS.addButton}
                      </Button>
                    ),
                  }
            }
          />
        )}
      </Stack>
      {dialogs}
    </>
  );
}
