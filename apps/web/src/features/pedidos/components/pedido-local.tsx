import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { MSG_PEDIDO, type PedidoFetched, type PedidoGravado } from '@rango/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import classes from './pedido.module.css';

function linhasEndereco(pedido: PedidoGravado, estabelecimento: PedidoFetched['estabelecimento']): string[] {
  if (pedido.tipo === 'DELIVERY') {
    const e = pedido.cliente.endereco;
    if (!e) return [];
    return [
      `${[e.rua, e.numero].filter(Boolean).join(', ')}${e.complemento ? ` — ${e.complemento}` : ''}`,
      `${e.bairro}, ${e.cidade} - ${e.uf}`,
      `CEP ${e.cep}`,
      ...(e.detalhe ? [`Referência: ${e.detalhe}`] : []),
    ];
  }
  const e = estabelecimento.endereco;
  return [
    `${[e.rua, e.numero].filter(Boolean).join(', ')}${e.complemento ? ` — ${e.complemento}` : ''}`,
    `${e.bairro}, ${e.cidade.descricao} - ${e.cidade.uf.descricao}`,
  ];
}

/**
 * Where the order goes (spec section 2): the delivery address as it was when ordered, with the
 * drop-off place, or pickup at the establishment's address.
 */
export function PedidoEndereco({
  pedido,
  estabelecimento,
}: {
  pedido: PedidoGravado;
  estabelecimento: PedidoFetched['estabelecimento'];
}) {
  const entrega = pedido.tipo === 'DELIVERY';
  const linhas = linhasEndereco(pedido, estabelecimento);
  return (
    <Stack gap={4}>
      <Title order={2} fz="md">
        {entrega ? 'Endereço de entrega' : 'Retirada no estabelecimento'}
      </Title>
      <Text size="sm" className={`${classes.linhas} ${classes.quebra}`}>
        {linhas.map((l) => (
          <span key={l}>{l}</span>
        ))}
      </Text>
      {entrega && pedido.endereco_togo ? (
        <Text size="sm">
          <Text span size="sm" fw={600}>
            Local de entrega:{' '}
          </Text>
          {pedido.endereco_togo}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The establishment's phones as tel: links (spec section 2), or a warning that it has none. */
export function PedidoContato({ fones }: { fones: PedidoFetched['estabelecimento']['fone_set'] }) {
  return (
    <Stack gap={4}>
      <Title order={2} fz="md">
        Contato do estabelecimento
      </Title>
      {fones.length > 0 ? (
        <ul className={classes.fones}>
          {fones.map((f) => (
            <li key={f.numero}>
              <Anchor size="sm" href={`tel:${f.numero.replace(/[^\d+]/g, '')}`}>
                {f.numero}
              </Anchor>
            </li>
          ))}
        </ul>
      ) : (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} p="xs">
          <Text size="sm">{MSG_PEDIDO.semTelefone}</Text>
        </Alert>
      )}
    </Stack>
  );
}
