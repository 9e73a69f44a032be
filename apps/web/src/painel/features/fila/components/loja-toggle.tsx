import { Badge, Button, Group, Menu } from '@mantine/core';
import { FUSO_PADRAO } from '@rango/domain';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore, IconChevronDown } from '@tabler/icons-react';
import { useLoja, useMudarLoja } from '../../../api/loja.ts';
import { formatHora, formatQuando } from '../lib/formato.ts';

const wall = new Intl.DateTimeFormat('en-GB', {
  timeZone: FUSO_PADRAO,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The next midnight on the establishments' wall clock ('até amanhã': the hours apply again from then). */
export function proximaMeiaNoite(agora: number): Date {
  const [h = 0, m = 0, s = 0] = wall.format(agora).split(':').map(Number);
  return new Date(agora + ((24 * 60 - (h * 60 + m)) * 60 - s) * 1000);
}

const OPCOES: { rotulo: string; reabrir: (agora: number) => Date | null }[] = [
  { rotulo: 'Até eu abrir de novo', reabrir: () => null },
  { rotulo: 'Por 30 minutos', reabrir: (a) => new Date(a + 30 * 60_000) },
  { rotulo: 'Por 1 hora', reabrir: (a) => new Date(a + 60 * 60_000) },
  { rotulo: 'Por 2 horas', reabrir: (a) => new Date(a + 120 * 60_000) },
  { rotulo: 'Até amanhã', reabrir: proximaMeiaNoite },
];

/** 'Loja fechada até 14:30' (or 'até amanhã, 00:00'). */
export function estadoLojaTexto(aberta: boolean, reabrirEm: string | null, agora: number): string {
  if (aberta) return 'Loja aberta';
  if (!reabrirEm) return 'Loja fechada';
  const quando = formatQuando(reabrirEm, agora);
  const amanha = formatQuando(agora + 24 * 3600_000, agora).split(' ')[0];
  if (quando.startsWith(`${amanha} `)) return `Loja fechada até amanhã, ${formatHora(reabrirEm)}`;
  return `Loja fechada até ${quando}`;
}

/**
 * The store's state and its switch in the queue's header: 'Fechar loja agora' (until reopened,
 * for a while, or until tomorrow: the server reopens it by itself) / 'Abrir loja'.
 */
export function LojaToggle({ idest, agora }: { idest: number; agora: number }) {
  const loja = useLoja(idest);
  const mudar = useMudarLoja(idest);
  if (!loja.data) return null;
  const { aberta, reabrir_em, no_horario } = loja.data;
  const falhou = (e: unknown) =>
    notifications.show({
      color: 'red',
      title: 'Não foi possível mudar a loja',
      message: e instanceof Error ? e.message : '',
    });
  return (
    <Group gap="xs" wrap="wrap">
      <Badge
        size="lg"
        variant="light"
        color={aberta ? 'green.9' : 'red.9'}
        leftSection={<IconBuildingStore size={16} aria-hidden="true" />}
        role="status"
      >
        {estadoLojaTexto(aberta, reabrir_em, agora)}
      </Badge>
      {aberta && !no_horario ? (
        <Badge size="lg" variant="light" color="gray.8">
          Fora do horário de funcionamento
        </Badge>
      ) : null}
      {aberta ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="outline"
              color="red.9"
              loading={mudar.isPending}
              rightSection={<IconChevronDown size={16} aria-hidden="true" />}
            >
              Fechar loja agora
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Fechar a loja</Menu.Label>
            {OPCOES.map((o) => (
              <Menu.Item
                key={o.rotulo}
                onClick={() => {
                  const r = o.reabrir(Date.now());
                  mudar.mutate(
                    { aberta: false, reabrir_em: r ? r.toISOString() : null },
                    { onError: falhou },
                  );
                }}
              >
                {o.rotulo}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Button
          color="green.9"
          loading={mudar.isPending}
          onClick={() => mudar.mutate({ aberta: true }, { onError: falhou })}
        >
          Abrir loja
        </Button>
      )}
    </Group>
  );
}
