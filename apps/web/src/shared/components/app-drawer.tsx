import { Drawer, type DrawerRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface AppDrawerProps extends Omit<DrawerRootProps, 'title' | 'children'> {
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}

/**
 * Mantine's Drawer with a <div> header: its default <header> is a second banner landmark
 * beside the shell's while the drawer is open (axe: landmark-no-duplicate-banner).
 */
export function AppDrawer({ title, closeLabel, children, classNames, ...root }: AppDrawerProps) {
  return (
    <Drawer.Root classNames={classNames} {...root}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header {...{ component: 'div' }}>
          <Drawer.Title>{title}</Drawer.Title>
          <Drawer.CloseButton aria-label={closeLabel} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
