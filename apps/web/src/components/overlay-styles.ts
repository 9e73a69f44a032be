/**
 * Mantine CSS of the overlays (Drawer, Modal and the form controls inside them). Imported by
 * each lazily loaded overlay, so it arrives with the first one opened, never before interaction.
 * The base and shared dependencies (CloseButton, Input…) are in src/app/mantine-styles.ts.
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Modal.css';
