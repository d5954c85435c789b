import type { CapsuleActions } from '@capsule/domain';
import { ActionIcon, Menu, Text } from '@mantine/core';
import {
  IconDotsVertical,
  IconEye,
  IconLock,
  IconPencil,
  IconPlayerPlay,
  type IconProps,
  IconRestore,
  IconTrash,
  IconUpload,
  IconUserPlus,
  IconVideo,
} from '@tabler/icons-react';
import { type ComponentType, useLayoutEffect, useRef, useState } from 'react';
import type { CapsuleDialogKind } from '../CapsuleDialogs/dialog-state';
import classes from './CapsuleCard.module.css';

interface MenuEntry {
  dialog: CapsuleDialogKind;
  label: string;
  icon: ComponentType<IconProps>;
  color?: string;
  /** Shown but disabled, with the reason the server would give. */
  refusal?: string | null;
}

/**
 * The card's actions, exactly as capsuleActions() allows them (spec section 4, 'Actions by
 * status'): Reupload Video follows canReuploadVideo, the One-Time Preview canPreview.
 */
export function menuEntries(actions: CapsuleActions): MenuEntry[] {
  const entries: (MenuEntry | false)[] = [
    actions.assignRecipient && { dialog: 'assignRecipient', label: 'Assign Recipient', icon: IconUserPlus },
    actions.uploadVideo && { dialog: 'upload', label: 'Upload Video', icon: IconUpload },
    actions.viewDetails && { dialog: 'details', label: 'View Details', icon: IconEye },
    actions.oneTimePreview && { dialog: 'preview', label: 'One-Time Preview', icon: IconPlayerPlay },
    actions.reuploadVideo && { dialog: 'reupload', label: 'Reupload Video', icon: IconVideo },
    actions.setCapsuleInfo && {
      dialog: 'setInfo',
      label: 'Set Capsule Info',
      icon: IconPencil,
      refusal: actions.setCapsuleInfoRefusal,
    },
    actions.lockCapsule && { dialog: 'lock', label: 'Lock Capsule', icon: IconLock },
    // 'Delete Capsule' deletes the video (docs/server-rules.md, 'Capsule lifecycle').
    actions.deleteCapsule && {
      dialog: 'deleteVideo',
      label: 'Delete Capsule',
      icon: IconTrash,
      color: 'red',
    },
    actions.recoverCapsule && { dialog: 'recover', label: 'Recover Capsule', icon: IconRestore },
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}

interface CapsuleOptionsMenuProps {
  actions: CapsuleActions;
  onSelect: (dialog: CapsuleDialogKind) => void;
}

/** The options button, the same before and after the menu is mounted. */
const BUTTON = {
  variant: 'subtle',
  color: 'gray',
  'aria-label': 'Capsule options',
  className: classes.menu,
} as const;

export function CapsuleOptionsMenu({ actions, onSelect }: CapsuleOptionsMenuProps) {
  // Mantine's menu (a popover positioned by floating-ui, with its hooks and effects) is mounted
  // on the first click, opened: a page of twelve cards drew twelve closed menus on its first
  // render, a good share of the dashboard's first visit on a slow machine.
  const [used, setUsed] = useState(false);
  const [opened, setOpened] = useState(false);
  // The button that was clicked is replaced by the menu's own. The menu is mounted closed and
  // opened at once, with the focus on its button: Mantine notes what had the focus when a menu
  // opens (not when it mounts) and gives it back there when it closes.
  const target = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!used) return;
    target.current?.focus();
    setOpened(true);
  }, [used]);
  const entries = menuEntries(actions);
  if (entries.length === 0) return null;

  if (!used) {
    return (
      <ActionIcon {...BUTTON} aria-haspopup="menu" aria-expanded={false} onClick={() => setUsed(true)}>
        <IconDotsVertical size={18} />
      </ActionIcon>
    );
  }

  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <ActionIcon ref={target} {...BUTTON}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map(({ dialog, label, icon: Icon, color, refusal }) => (
          <Menu.Item
            key={dialog}
            color={color}
            leftSection={<Icon size={16} stroke={1.7} />}
            disabled={Boolean(refusal)}
            onClick={() => onSelect(dialog)}
          >
            {label}
            {refusal && (
              <Text size="xs" c="dimmed">
                {refusal}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
