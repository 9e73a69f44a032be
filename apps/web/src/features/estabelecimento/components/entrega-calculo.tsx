import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  chooseDeliveryFee,
  formatBRL,
  reaisToCents,
  type DeliveryFee,
  type EnderecoEntrega,
  type EstabelecimentoDetalhe,
} from '@rango/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { semQuebraMoeda } from '../../../lib/sem-quebra.ts';
import { enderecoCurto, useEnderecoEscolhido } from '../../../stores/endereco.ts';
import type { EntregaEstimada, EntregaEstimadaKey } from '../../../stores/entrega-estimada.ts';
import { buscarLugarCep, CepErro, getAreasEntregaQueryOptions, MSG_ENTREGA } from '../api/entrega.ts';

interface Props {
  detalhe: EstabelecimentoDetalhe;
  /** Opened by the customer's press: the CEP field takes the focus. */
  focar: boolean;
}

/** 'R$ 5,00 · 30–50 min · pedido mínimo R$ 20,00' (or 'Grátis'). */
export function textoEntrega(
  fee: Extract<DeliveryFee, { entrega: true }>,
  detalhe: EstabelecimentoDetalhe,
): string {
  const partes = [fee.taxaCents === 0 ? 'Grátis' : formatBRL(fee.taxaCents)];
  const { previsaoentregamin: min, previsaoentregamax: max } = detalhe;
  if (max > 0) partes.push(min > 0 && min < max ? `${min}–${max} min` : `até ${max} min`);
  const minimo = reaisToCents(detalhe.pedidominimo);
  if (minimo > 0) partes.push(`pedido mínimo ${formatBRL(minimo)}`);
  return partes.join(' · ');
}

function retirada(detalhe: EstabelecimentoDetalhe): string {
  const e = detalhe.estabelecimento.endereco;
  return [e.rua, e.numero].filter(Boolean).join(', ');
}

function Resultado({
  fee,
  onde,
  detalhe,
}: {
  fee: DeliveryFee;
  onde: string;
  detalhe: EstabelecimentoDetalhe;
}) {
  if (!fee.entrega) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {`Entrega para ${onde}: `}
          {fee.motivo === 'sem-localizacao'
            ? 'não conseguimos localizar este endereço no mapa — retire no local'
            : 'Não entregamos neste endereço — retire no local'}
        </Text>
        <Text size="sm">{`Retirada: ${retirada(detalhe)}.`}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {semQuebraMoeda(`Entrega para ${onde}: ${textoEntrega(fee, detalhe)}`)}
      </Text>
      {fee.abonoCents !== null && fee.taxaCents > 0 && (
        <Text size="sm" c="teal.9">
          {semQuebraMoeda(`Grátis a partir de ${formatBRL(fee.abonoCents)}`)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The menu's 'Entrega' panel (issue 14): whether the store delivers to the header's address or to
 * a typed CEP, the fee (or 'Grátis' and the free-delivery minimum), the minimum order and the time;
 * pickup where there is no delivery. Its own chunk: nothing of it is in the menu's first load.
 */
export function EntregaCalculo({ detalhe, focar }: Props) {
  const id = detalhe.id;
  const escolhido = useEnderecoEscolhido();
  const areasQ = useQuery(getAreasEntregaQueryOptions(id));
  const queryClient = useQueryClient();
  // Observed here too, so the cache keeps the estimate while the menu is open.
  useQuery<EntregaEstimada | null, Error, EntregaEstimada | null, EntregaEstimadaKey>({
    queryKey: ['entrega-estimada'],
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  const [texto, setTexto] = useState('');
  const [cep, setCep] = useState<string | null>(null);
  const [erroCampo, setErroCampo] = useState<string | null>(null);
  const campoId = useId();
  const localizar = areasQ.data ? areasQ.data.length > 0 : null;
  const cepQ = useQuery({
    queryKey: ['entrega-cep', cep, localizar],
    queryFn: ({ signal }) => buscarLugarCep(cep ?? '', localizar === true, signal),
    enabled: cep !== null && localizar !== null,
    staleTime: Infinity,
    retry: false,
  });

  // The typed CEP wins over the header's address; without either, nothing is shown.
  let endereco: EnderecoEntrega | null = null;
  let onde = '';
  if (cep !== null) {
    if (cepQ.data) {
      endereco = cepQ.data;
      onde = cepQ.data.cep;
    }
  } else if (escolhido) {
    endereco = escolhido;
    onde = enderecoCurto(escolhido);
  }
  const fee =
    endereco && areasQ.data
      ? chooseDeliveryFee({ areas: areasQ.data, taxasentrega: detalhe.taxaentrega_set, endereco })
      : null;

  // For the cart drawer's 'Faltam … para entrega grátis' (stores/entrega-estimada.ts).
  const taxaCents = fee?.entrega ? fee.taxaCents : null;
  const abonoCents = fee?.entrega ? fee.abonoCents : null;
  const temFee = fee !== null;
  useEffect(() => {
    const key: EntregaEstimadaKey = ['entrega-estimada'];
    const valor: EntregaEstimada | null = temFee ? { idEstabelecimento: id, taxaCents, abonoCents } : null;
    queryClient.setQueryData(key, valor);
  }, [queryClient, temFee, id, taxaCents, abonoCents]);

  const erroCep = cepQ.error
    ? cepQ.error instanceof CepErro
      ? cepQ.error.message
      : MSG_ENTREGA.cepIndisponivel
    : null;
  const erro = erroCampo ?? erroCep;

  function calcular(e: FormEvent) {
    e.preventDefault();
    const valor = texto.trim();
    if (!/^\d{5}-?\d{3}$/.test(valor)) {
      setErroCampo(MSG_ENTREGA.cepInvalido);
      return;
    }
    setErroCampo(null);
    setCep(valor.replace('-', ''));
  }

  const carregando = (cep !== null && cepQ.isFetching) || (areasQ.isPending && (cep !== null || escolhido));

  return (
    <Paper withBorder radius="md" p="sm" mt={4} component="section" aria-label="Entrega">
      <Stack gap="xs">
        <form onSubmit={calcular} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              id={campoId}
              label={escolhido ? 'Outro CEP' : 'CEP para entrega'}
              placeholder="00000-000"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={9}
              size="sm"
              w={150}
              data-autofocus={focar || undefined}
              autoFocus={focar}
              value={texto}
              onChange={(e) => {
                setTexto(e.currentTarget.value);
                if (erroCampo) setErroCampo(null);
              }}
              error={erro}
            />
            <Button type="submit" size="sm" mt={25} loading={Boolean(carregando)}>
              Calcular
            </Button>
          </Group>
        </form>
        <div role="status" aria-live="polite">
          {areasQ.isError ? (
            <Text size="sm" c="red.8">
              Não foi possível consultar as áreas de entrega agora. Tente novamente em instantes.
            </Text>
          ) : fee && endereco && !erro ? (
            <Resultado fee={fee} onde={onde} detalhe={detalhe} />
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
}
