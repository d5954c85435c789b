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
import type { ComponentType } from 'react';
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

export function CapsuleOptionsMenu({ actions, onSelect }: CapsuleOptionsMenuProps) {
  const entries = menuEntries(actions);
  if (entries.length === 0) return null;

  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Capsule options" className={classes.menu}>
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
