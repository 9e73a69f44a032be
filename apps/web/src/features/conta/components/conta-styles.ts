// Mantine CSS the account pages need beyond the shell's (src/app/mantine-styles.ts); it rides
// in their lazy chunks, never in the menu route's first paint.
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/ThemeIcon.css';
