import { Button, Group } from '@mantine/core';
import { FUSO_PADRAO } from '@rango/domain';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore } from '@tabler/icons-react';
import { useLoja, useMudarLoja } from '../../../api/loja.ts';
import { Disclosure, itemClass } from '../../../components/disclosure.tsx';
import { formatHora, formatQuando } from '../lib/formato.ts';
import classes from './fila.module.css';

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
  // Not published yet (the platform approves new restaurants): no customer sees it, open or not.
  const aguardando = loja.data.aguardando_aprovacao === true;
  const falhou = (e: unknown) =>
    notifications.show({
      color: 'red',
      title: 'Não foi possível mudar a loja',
      message: e instanceof Error ? e.message : '',
    });
  return (
    <Group gap="xs" wrap="wrap">
      <span className={classes.loja} data-aberta={(aberta && !aguardando) || undefined} role="status">
        <IconBuildingStore size={18} aria-hidden="true" />
        {aguardando ? 'Loja ainda não publicada' : estadoLojaTexto(aberta, reabrir_em, agora)}
      </span>
      {aberta && !no_horario && !aguardando ? (
        <span className={classes.lojaNota}>Fora do horário de funcionamento</span>
      ) : null}
      {aberta ? (
        // A disclosure, not Mantine's Menu: its focusable presentational child fails axe in role="menu".
        <Disclosure
          label={
            <span className={classes.fecharLoja}>{mudar.isPending ? 'Fechando…' : 'Fechar loja agora'}</span>
          }
          listLabel="Fechar a loja"
        >
          {OPCOES.map((o) => (
            <li key={o.rotulo}>
              <button
                type="button"
                className={itemClass}
                disabled={mudar.isPending}
                onClick={() => {
                  const r = o.reabrir(Date.now());
                  mudar.mutate(
                    { aberta: false, reabrir_em: r ? r.toISOString() : null },
                    { onError: falhou },
                  );
                }}
              >
                {o.rotulo}
              </button>
            </li>
          ))}
        </Disclosure>
      ) : (
        <Button
          // Mantine's green 9 under white text is 4.4:1; this green is above 4.5:1.
          color="#1c6b2f"
          loading={mudar.isPending}
          onClick={() => mudar.mutate({ aberta: true }, { onError: falhou })}
        >
          Abrir loja
        </Button>
      )}
    </Group>
  );
}
