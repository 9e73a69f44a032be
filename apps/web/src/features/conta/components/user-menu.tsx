// The menu's own chunk: a visitor's first paint never carries Menu/Popover JS or CSS.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Menu } from '@mantine/core';
import { IconLogout, IconUserEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { UserMenuTarget } from './user-menu-target.tsx';

/** The logged-in customer's menu (spec section 2): 'Alterar Dados' and 'Sair'. */
export default function UserMenu({ saudacao, compact }: { saudacao: string; compact?: boolean | undefined }) {
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal>
      <Menu.Target>
        <UserMenuTarget saudacao={saudacao} compact={compact} />
      </Menu.Target>
      <Menu.Dropdown>
        {compact ? <Menu.Label>{saudacao}</Menu.Label> : null}
        <Menu.Item
          component={Link}
          to={paths.cliente}
          leftSection={<IconUserEdit size={16} aria-hidden="true" />}
        >
          Alterar Dados
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.logout}
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
        >
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
