import { CAPSULE_RECORD_TEXTS } from '@capsule/domain';
import { Select, SimpleGrid } from '@mantine/core';
import type { DeviceChoice, MediaDevicesList } from './media-devices';

const T = CAPSULE_RECORD_TEXTS;

interface DevicePickerProps {
  devices: MediaDevicesList;
  choice: DeviceChoice;
  onCamera: (deviceId: string) => void;
  onMicrophone: (deviceId: string) => void;
  disabled: boolean;
}

const options = (devices: MediaDeviceInfo[], noun: string) =>
  devices
    .filter((device) => device.deviceId !== '')
    .map((device, i) => ({ value: device.deviceId, label: device.label || `${noun} ${i + 1}` }));

/** Which camera and microphone (enumerateDevices), side by side; stacked on a phone. */
export function DevicePicker({ devices, choice, onCamera, onMicrophone, disabled }: DevicePickerProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      <Select
        label={T.camera}
        data={options(devices.cameras, T.camera)}
        value={choice.cameraId}
        onChange={(value) => value && value !== choice.cameraId && onCamera(value)}
        allowDeselect={false}
        disabled={disabled}
        size="sm"
      />
      <Select
        label={T.microphone}
        data={options(devices.microphones, T.microphone)}
        value={choice.microphoneId}
        onChange={(value) => value && value !== choice.microphoneId && onMicrophone(value)}
        allowDeselect={false}
        disabled={disabled}
        size="sm"
      />
    </SimpleGrid>
  );
}
