import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import { FUSO_PADRAO, MAX_RESPOSTA, NOTA_MAX } from '@rango/domain';
import { AVALIACOES_POR_PAGINA, PERIODOS_AVALIACAO } from '@rango/domain/painel';
import type { AvaliacaoPainel } from '@rango/domain/painel';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PainelApiError } from '../../api/client.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { useAvaliacoes, useResponder, type FiltroAvaliacoes } from './api.ts';
import classes from './avaliacoes-page.module.css';

const quando = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const formatQuando = (iso: string) => quando.format(new Date(iso)).replace(',', '');
const media = (n: number) =>
  n.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const NOTAS = Array.from({ length: NOTA_MAX }, (_, i) => i + 1);

function Estrelas({ nota }: { nota: number }) {
  return (
    <span className={classes.estrelas} role="img" aria-label={`Nota ${nota} de ${NOTA_MAX}`}>
      {NOTAS.map((n) =>
        n <= nota ? (
          <IconStarFilled key={n} size={18} aria-hidden />
        ) : (
          <IconStar key={n} size={18} aria-hidden />
        ),
      )}
    </span>
  );
}

function Resposta({ idest, avaliacao }: { idest: number; avaliacao: AvaliacaoPainel }) {
  const [aberta, setAberta] = useState(false);
  const [texto, setTexto] = useState(avaliacao.resposta ?? '');
  const responder = useResponder(idest, avaliacao.id);
  const campo = useRef<HTMLTextAreaElement>(null);
  const botao = useRef<HTMLButtonElement>(null);
  const abriu = useRef(false);
  // Opened: the focus goes to the field; closed again: back to the button that opened it.
  useEffect(() => {
    if (aberta) campo.current?.focus();
    else if (abriu.current) botao.current?.focus();
    abriu.current ||= aberta;
  }, [aberta]);
  const campoErro = responder.error instanceof PainelApiError ? responder.error.campo('resposta') : undefined;

  function salvar(e: FormEvent) {
    e.preventDefault();
    responder.mutate({ resposta: texto }, { onSuccess: () => setAberta(false) });
  }

  if (!aberta) {
    return (
      <Stack gap={4} align="flex-start">
        {avaliacao.resposta ? (
          <div className={classes.resposta}>
            <Text size="sm" fw={600}>
              Sua resposta (privada)
              {avaliacao.respondido_em ? ` · ${formatQuando(avaliacao.respondido_em)}` : ''}
            </Text>
            <Text size="sm" className={classes.texto}>
              {avaliacao.resposta}
            </Text>
          </div>
        ) : null}
        <Button
          ref={botao}
          size="xs"
          variant="light"
          onClick={() => {
            setTexto(avaliacao.resposta ?? '');
            responder.reset();
            setAberta(true);
          }}
          aria-label={`${avaliacao.resposta ? 'Editar resposta' : 'Responder'} ao pedido #${avaliacao.referencia}`}
        >
          {avaliacao.resposta ? 'Editar resposta' : 'Responder'}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={salvar} noValidate>
      <Stack gap="xs">
        <Textarea
          ref={campo}
          label="Resposta privada"
          description="Só a sua equipe vê esta resposta; o cliente não a recebe."
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
          maxLength={MAX_RESPOSTA}
          rows={3}
          error={campoErro}
        />
        {responder.isError && !campoErro ? (
          <Alert color="red" variant="light" role="alert">
            {responder.error.message}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={responder.isPending}>
            Salvar resposta
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setAberta(false)} disabled={responder.isPending}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Item({ idest, avaliacao }: { idest: number; avaliacao: AvaliacaoPainel }) {
  return (
    <li>
      <Paper
        withBorder
        radius="md"
        p="md"
        component="article"
        aria-label={`Avaliação do pedido #${avaliacao.referencia}`}
      >
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Estrelas nota={avaliacao.nota} />
            <Text size="sm" c="dimmed">
              Pedido #{avaliacao.referencia} ·{' '}
              <time dateTime={avaliacao.criado_em}>{formatQuando(avaliacao.criado_em)}</time>
            </Text>
          </Group>
          {avaliacao.comentario ? (
            <Text className={classes.texto}>{avaliacao.comentario}</Text>
          ) : (
            <Text size="sm" c="dimmed">
              Sem comentário.
            </Text>
          )}
          <Resposta idest={idest} avaliacao={avaliacao} />
        </Stack>
      </Paper>
    </li>
  );
}

const OPCOES_NOTA = [
  { value: '', label: 'Todas' },
  ...[...NOTAS].reverse().map((n) => ({ value: String(n), label: n === 1 ? '1 estrela' : `${n} estrelas` })),
];
const OPCOES_PERIODO = [
  ...PERIODOS_AVALIACAO.map((d) => ({
    value: String(d),
    label: d === 365 ? 'Últimos 12 meses' : `Últimos ${d} dias`,
  })),
  { value: '', label: 'Todo o período' },
];

/**
 * /painel/:id/avaliacoes (owner, issue 22): the customers' ratings of delivered orders, newest
 * first, filtered by nota and period, 20 a page; the last 90 days' average; a private reply on
 * each (the customer never sees it).
 */
export default function AvaliacoesPage() {
  const { id } = useEstabelecimentoAtual();
  const [filtro, setFiltro] = useState<FiltroAvaliacoes>({ nota: null, dias: 90, pagina: 0 });
  const q = useAvaliacoes(id, filtro);
  const listaId = useId();
  const paginas = q.data ? Math.max(1, Math.ceil(q.data.count / AVALIACOES_POR_PAGINA)) : 1;
  const numero = (v: string) => (v === '' ? null : Number(v));

  return (
    <Stack gap="md" maw={880} mx="auto" w="100%">
      <PageTitle>Avaliações</PageTitle>
      <Text size="sm" c="dimmed">
        O que os clientes acharam dos pedidos entregues. Suas respostas são privadas: o cliente não as vê.
      </Text>
      {q.data ? (
        <Paper withBorder radius="md" p="md" component="section" aria-label="Média dos últimos 90 dias">
          {q.data.media !== null ? (
            <Group gap="xs">
              <Text fw={700} size="xl">
                {media(q.data.media)}
              </Text>
              <Estrelas nota={Math.round(q.data.media)} />
              <Text size="sm" c="dimmed">
                média dos últimos 90 dias, {q.data.quantidade}{' '}
                {q.data.quantidade === 1 ? 'avaliação' : 'avaliações'}
              </Text>
            </Group>
          ) : (
            <Text size="sm">Nenhuma avaliação nos últimos 90 dias.</Text>
          )}
        </Paper>
      ) : null}
      <div className={classes.filtros}>
        <NativeSelect
          label="Nota"
          data={OPCOES_NOTA}
          value={filtro.nota === null ? '' : String(filtro.nota)}
          onChange={(e) => setFiltro({ ...filtro, nota: numero(e.currentTarget.value), pagina: 0 })}
          aria-controls={listaId}
        />
        <NativeSelect
          label="Período"
          data={OPCOES_PERIODO}
          value={filtro.dias === null ? '' : String(filtro.dias)}
          onChange={(e) => setFiltro({ ...filtro, dias: numero(e.currentTarget.value), pagina: 0 })}
          aria-controls={listaId}
        />
      </div>
      {q.isPending ? <PageLoader label="Carregando as avaliações" /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      <section id={listaId} aria-label="Lista de avaliações" aria-busy={q.isPlaceholderData || undefined}>
        {q.isSuccess && q.data.results.length === 0 ? (
          <Paper withBorder radius="md" p="md">
            <Text>
              {filtro.nota === null && filtro.dias === null
                ? 'Nenhuma avaliação ainda.'
                : 'Nenhuma avaliação com estes filtros.'}
            </Text>
          </Paper>
        ) : null}
        {q.data && q.data.results.length > 0 ? (
          <ul className={classes.lista}>
            {q.data.results.map((a) => (
              <Item key={a.id} idest={id} avaliacao={a} />
            ))}
          </ul>
        ) : null}
      </section>
      {q.data && paginas > 1 ? (
        <Group justify="center" gap="sm">
          <Button
            variant="default"
            disabled={filtro.pagina === 0}
            onClick={() => setFiltro({ ...filtro, pagina: filtro.pagina - 1 })}
          >
            Anterior
          </Button>
          <Text size="sm" aria-live="polite">
            Página {filtro.pagina + 1} de {paginas}
          </Text>
          <Button
            variant="default"
            disabled={filtro.pagina + 1 >= paginas}
            onClick={() => setFiltro({ ...filtro, pagina: filtro.pagina + 1 })}
          >
            Próxima
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
