import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Divider.css';
import { Accordion, Divider, Group, Stack, Text } from '@mantine/core';
import { formatBRL, type ItemInput, type PedidoGravado } from '@rango/domain';
import classes from './pedido.module.css';

function Linha({ rotulo, valor, forte = false }: { rotulo: string; valor: string; forte?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" fw={forte ? 700 : undefined}>
        {rotulo}
      </Text>
      <Text size="sm" fw={forte ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {valor}
      </Text>
    </Group>
  );
}

/**
 * An option's `preco_total` is its share of one unit of the item; with more than one unit it says
 * 'cada', as the receipt does.
 */
function precoOpcao(precoTotal: number, quantidadeItem: number): string {
  return quantidadeItem > 1 ? `${formatBRL(precoTotal)} cada` : formatBRL(precoTotal);
}

function ItemLinha({ item }: { item: ItemInput }) {
  const opcoes = item.subitens.flatMap((s) => s.sub_subitens);
  return (
    <li className={classes.item}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600} className={classes.quebra}>
          {item.quantidade}x {item.descricao}
        </Text>
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {formatBRL(item.preco_total)}
        </Text>
      </Group>
      {opcoes.length > 0 ? (
        <ul className={classes.opcoes}>
          {opcoes.map((o) => (
            <li key={o.opcao_id}>
              <Text size="sm" c="dimmed" component="span">
                {o.quantidade > 1 ? `${o.quantidade}x ` : ''}
                {o.descricao}
                {o.preco_total > 0 ? ` (${precoOpcao(o.preco_total, item.quantidade)})` : ''}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
      {item.observacoes ? (
        <Text size="sm" c="dimmed" fs="italic" className={classes.quebra}>
          Obs.: {item.observacoes}
        </Text>
      ) : null}
    </li>
  );
}

/** The payment as chosen: method, card mask, change. */
function Pagamento({ pedido }: { pedido: PedidoGravado }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700}>
        Forma de pagamento
      </Text>
      {pedido.pagamentos.map((p, i) => (
        <Stack gap={0} key={i}>
          <Text size="sm">
            {p.descricaoFormaPgto}
            {p.pre_pago ? ' (pago online)' : ' (pagar na entrega)'}
          </Text>
          {p.cartao ? (
            <Text size="sm" c="dimmed">
              {[p.cartao.bandeira, p.cartao.numero].filter(Boolean).join(' ')}
            </Text>
          ) : null}
          {p.troco_para !== null && p.troco_para > 0 ? (
            <Text size="sm" c="dimmed">
              Troco para {formatBRL(p.troco_para)} ({formatBRL(p.troco_para - pedido.total)} de troco)
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The order's details, folded (spec section 2: 'expandable details'): items with options and
 * observations, subtotal, fee or 'Grátis', coupon and discount, total, payment and change.
 */
export function PedidoDetalhes({ pedido }: { pedido: PedidoGravado }) {
  const cupom = pedido.cupom?.codigo ?? pedido.codigo_cupom;
  return (
    <Accordion variant="contained" radius="md" chevronPosition="right">
      <Accordion.Item value="detalhes">
        <Accordion.Control>
          <Text fw={700}>Detalhes do pedido</Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <ul className={classes.itens} aria-label="Itens do pedido">
              {pedido.itens.map((item, i) => (
                <ItemLinha key={i} item={item} />
              ))}
            </ul>
            {pedido.observacoes ? (
              <Text size="sm" className={classes.quebra}>
                <Text span fw={700} size="sm">
                  Observações:{' '}
                </Text>
                {pedido.observacoes}
              </Text>
            ) : null}
            <Divider />
            <Stack gap={4}>
              <Linha rotulo="Subtotal" valor={formatBRL(pedido.subtotal)} />
              {pedido.tipo === 'DELIVERY' ? (
                <Linha
                  rotulo="Taxa de entrega"
                  valor={pedido.taxa_entrega ? formatBRL(pedido.taxa_entrega) : 'Grátis'}
                />
              ) : null}
              {pedido.desconto > 0 ? (
                <Linha
                  rotulo={cupom ? `Cupom ${cupom}` : 'Desconto'}
                  valor={`- ${formatBRL(pedido.desconto)}`}
                />
              ) : null}
              <Linha rotulo="Total" valor={formatBRL(pedido.total)} forte />
            </Stack>
            <Divider />
            <Pagamento pedido={pedido} />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
