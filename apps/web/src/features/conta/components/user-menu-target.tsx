import { ActionIcon, Button } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

export interface UserMenuTargetProps extends Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> {
  saudacao: string;
  compact?: boolean | undefined;
}

/**
 * The user menu's button: 'Olá, Ana' (or an icon named so below 768 px). Shown alone while the
 * menu's chunk loads, then as the menu's target, so nothing moves when it arrives.
 */
export function UserMenuTarget({ saudacao, compact, ...props }: UserMenuTargetProps) {
  if (compact) {
    return (
      <ActionIcon variant="light" size="lg" radius="xl" aria-label={saudacao} {...props}>
        <IconUserCircle size={22} aria-hidden="true" />
      </ActionIcon>
    );
  }
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconUserCircle size={20} aria-hidden="true" />}
      rightSection={<IconChevronDown size={16} aria-hidden="true" />}
      {...props}
    >
      {saudacao}
    </Button>
  );
}
