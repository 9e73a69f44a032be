import './conta-styles.ts';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './conta.module.css';

/** The account pages' frame: a centred card, full width at 360 px, at most 420 px wide. */
export function AuthCard({
  titulo,
  subtitulo,
  children,
}: {
  titulo: string;
  subtitulo?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="xs" px="md" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.card}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {titulo}
            </Title>
            {subtitulo ? (
              <Text c="dimmed" size="sm">
                {subtitulo}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
