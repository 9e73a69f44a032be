import {
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { MAX_COMENTARIO, MSG_AVALIACAO, NOTA_MAX, avaliacaoEditavel } from '@rango/domain';
import type { Avaliacao } from '@rango/domain';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAvaliacao, useAvaliar } from '../api/avaliacao.ts';
import { formatDataHora } from '../lib/datas.ts';
import classes from './avaliacao.module.css';

const NOTAS = Array.from({ length: NOTA_MAX }, (_, i) => i + 1);
const nomeNota = (n: number) => (n === 1 ? '1 estrela' : `${n} estrelas`);

/** The stars of a given rating, read as 'Nota 4 de 5'. */
export function NotaEstrelas({ nota, size = 20 }: { nota: number; size?: number }) {
  return (
    <span className={classes.nota} role="img" aria-label={`Nota ${nota} de ${NOTA_MAX}`}>
      {NOTAS.map((n) =>
        n <= nota ? (
          <IconStarFilled key={n} size={size} aria-hidden />
        ) : (
          <IconStar key={n} size={size} aria-hidden />
        ),
      )}
    </span>
  );
}

function Formulario({
  idpedido,
  inicial,
  onFim,
}: {
  idpedido: number;
  inicial: Avaliacao | null;
  onFim: () => void;
}) {
  const nome = useId();
  const [nota, setNota] = useState<number | null>(inicial?.nota ?? null);
  const [comentario, setComentario] = useState(inicial?.comentario ?? '');
  const [faltaNota, setFaltaNota] = useState(false);
  const avaliar = useAvaliar(idpedido);
  const grupo = useRef<HTMLFieldSetElement>(null);
  // 'Editar' opened it: the focus goes to the chosen star (keyboard users continue from there).
  useEffect(() => {
    if (inicial) grupo.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [inicial]);

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (nota === null) {
      setFaltaNota(true);
      return;
    }
    avaliar.mutate({ nota, comentario: comentario.trim() || null }, { onSuccess: onFim });
  }

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <fieldset
          ref={grupo}
          className={classes.estrelas}
          aria-describedby={faltaNota ? `${nome}-erro` : undefined}
          aria-invalid={faltaNota || undefined}
        >
          <legend className={classes.legenda}>Nota</legend>
          <div className={classes.opcoes}>
            {NOTAS.map((n) => (
              <span key={n}>
                <input
                  className={classes.radio}
                  type="radio"
                  id={`${nome}-${n}`}
                  name={nome}
                  value={n}
                  checked={nota === n}
                  onChange={() => {
                    setNota(n);
                    setFaltaNota(false);
                  }}
                />
                <label
                  htmlFor={`${nome}-${n}`}
                  className={classes.estrela}
                  data-cheia={nota !== null && n <= nota ? '' : undefined}
                >
                  {nota !== null && n <= nota ? (
                    <IconStarFilled size={28} aria-hidden />
                  ) : (
                    <IconStar size={28} aria-hidden />
                  )}
                  <VisuallyHidden>{nomeNota(n)}</VisuallyHidden>
                </label>
              </span>
            ))}
          </div>
          {faltaNota ? (
            <Text id={`${nome}-erro`} size="sm" c="red.8" mt={4}>
              {MSG_AVALIACAO.notaInvalida}
            </Text>
          ) : null}
        </fieldset>
        <Textarea
          label="Comentário (opcional)"
          value={comentario}
          onChange={(e) => setComentario(e.currentTarget.value)}
          maxLength={MAX_COMENTARIO}
          rows={3}
          description={`Até ${MAX_COMENTARIO} caracteres.`}
        />
        {avaliar.isError ? (
          <Alert color="red" variant="light" role="alert">
            {avaliar.error.message || MSG_AVALIACAO.erroEnviar}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={avaliar.isPending}>
            {MSG_AVALIACAO.enviar}
          </Button>
          {inicial ? (
            <Button variant="subtle" onClick={onFim} disabled={avaliar.isPending}>
              Cancelar
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function Enviada({ avaliacao, onEditar }: { avaliacao: Avaliacao; onEditar: () => void }) {
  const editavel = avaliacaoEditavel(avaliacao);
  return (
    <Stack gap="xs">
      <NotaEstrelas nota={avaliacao.nota} />
      {avaliacao.comentario ? <Text style={{ overflowWrap: 'anywhere' }}>{avaliacao.comentario}</Text> : null}
      <Text size="sm" c="dimmed">
        {MSG_AVALIACAO.enviada}
        {editavel ? ` Você pode editá-la até ${formatDataHora(avaliacao.editavel_ate)}.` : ''}
      </Text>
      {editavel ? (
        <Group>
          <Button variant="light" onClick={onEditar} aria-label="Editar avaliação">
            {MSG_AVALIACAO.editar}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * 'Avalie o seu pedido' (issue 22): on the tracking page once the order is delivered or
 * concluded, 1–5 stars (a radio group: arrows choose, each read as 'N estrelas') and an optional
 * comment; once sent, the rating with 'Editar' for the 7 days after the first one.
 */
export function AvaliacaoPedido({ idpedido }: { idpedido: number }) {
  const tituloId = useId();
  const avaliacao = useAvaliacao(idpedido, true);
  const [editando, setEditando] = useState(false);
  const titulo = useRef<HTMLHeadingElement>(null);
  // Sent or cancelled, the form goes: the focus moves to the section's title instead of the page's start.
  const fim = () => {
    setEditando(false);
    requestAnimationFrame(() => titulo.current?.focus());
  };

  let conteudo;
  if (avaliacao.isPending) {
    conteudo = (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={44} width={230} radius="md" />
        <Skeleton height={60} radius="md" />
      </Stack>
    );
  } else if (avaliacao.isError) {
    conteudo = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{MSG_AVALIACAO.erroCarregar}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => void avaliacao.refetch()}
          loading={avaliacao.isFetching}
        >
          Tentar novamente
        </Button>
      </Stack>
    );
  } else if (avaliacao.data === null || editando) {
    conteudo = <Formulario idpedido={idpedido} inicial={avaliacao.data} onFim={fim} />;
  } else {
    conteudo = <Enviada avaliacao={avaliacao.data} onEditar={() => setEditando(true)} />;
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={tituloId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={tituloId} ref={titulo} tabIndex={-1}>
          {avaliacao.data && !editando ? 'Sua avaliação' : MSG_AVALIACAO.titulo}
        </Title>
        {conteudo}
      </Stack>
    </Paper>
  );
}
