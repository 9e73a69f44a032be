import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import classes from './layout.module.css';

export function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="gray.8">
            © 2026 Rango — pedidos online direto do restaurante
          </Text>
          <Group component="nav" aria-label="Políticas" gap="md">
            <Anchor component={Link} to={paths.privacy} size="sm">
              Política de Privacidade
            </Anchor>
            <Anchor component={Link} to={paths.terms} size="sm">
              Termos de Uso
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
