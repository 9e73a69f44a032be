import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface AppModalProps extends Omit<ModalRootProps, 'title' | 'children'> {
  title: ReactNode;
  /** The close button's accessible name. */
  closeLabel?: string;
  children: ReactNode;
}

/**
 * Mantine's Modal with a <div> header: its default <header> is a second banner landmark beside
 * the shell's while the modal is open (axe: landmark-no-duplicate-banner). Same as AppDrawer.
 */
export function AppModal({ title, closeLabel = 'Fechar', children, ...root }: AppModalProps) {
  return (
    <Modal.Root {...root}>
      <Modal.Overlay />
      <Modal.Content>
        {/* A gap keeps a long title off the close button (full-screen modals on phones). */}
        <Modal.Header {...{ component: 'div' }} style={{ gap: 'var(--mantine-spacing-sm)' }}>
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
