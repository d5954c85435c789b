// The Mantine component styles of the screens a signed-out visitor sees: the public layout,
// sign-in, the code screen and not-found, and the toasts those screens show (a failed sign-in,
// a wrong code): the notifications library loads on the first toast with the styles of its
// container only, and the toast itself is Mantine core's Notification. A component added to
// those screens adds its file here; a part loaded on demand with components of its own brings
// their styles with it (the phone menu: MobileNav.tsx). The signed-in app loads all of
// Mantine's styles (signed-in.ts). The browser test e2e/public-toasts.e2e.test.ts fails when a
// public screen shows a Mantine component whose styles are missing.
import '@mantine/core/styles/UnstyledButton.layer.css';
// The password field's show/hide toggle.
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
