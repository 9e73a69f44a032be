import { Alert, Anchor, Badge, Button, Divider, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import {
  CANAL_NOME,
  STATUS,
  STATUS_NOME,
  isCancelado,
  type ItemGravado,
  type StatusPedido,
} from '@rango/domain';
import type { AcaoPedido, PedidoPainel } from '@rango/domain/painel';
import { IconExternalLink, IconMapPin, IconPhone, IconPrinter } from '@tabler/icons-react';
import type { AlvoEmFalta } from '../hooks/use-acoes.ts';
import { AlterarPrevisao } from './alterar-previsao.tsx';
import {
  dinheiro,
  enderecoLinha,
  formatHora,
  formatQuando,
  formatTelefone,
  mapaLink,
  telLink,
} from '../lib/formato.ts';
import { pagamentoTexto, tempoTexto, tipoTexto, trocoTexto } from '../lib/pedido-info.ts';
import botao from '../../../components/botao-longo.module.css';
import classes from './detalhe.module.css';

/** Staff names of the statuses, for the history. */
const STATUS_TEXTO: Partial<Record<StatusPedido, string>> = {
  0: 'Pedido feito',
  10: 'Aguardando pagamento',
  11: 'Pagamento confirmado',
  20: 'Recebido',
  21: 'Aceito',
  30: 'Pronto',
  41: 'Saiu para entrega',
  50: 'Cancelado',
  51: 'Cancelado',
  100: 'Concluído',
};
export const statusTexto = (s: number): string =>
  STATUS_TEXTO[s as StatusPedido] ?? STATUS_NOME[s as StatusPedido] ?? String(s);

export interface PedidoDetalheProps {
  pedido: PedidoPainel;
  agora: number;
  acoes: AcaoPedido[];
  onAcao: (a: AcaoPedido) => void;
  onImprimir: () => void;
  imprimindo: boolean;
  onEmFalta: (alvo: AlvoEmFalta, nome: string) => void;
  /** The server refused the last move (409): its reason. */
  erro: string | null;
  pendente: boolean;
  /** 'Alterar previsão' on an accepted order (issue 22): saves minutes from now. */
  onAlterarPrevisao?: ((minutos: number) => Promise<{ previsao_em: string | null }>) | undefined;
}

/** onEmFalta null: no 'Marcar em falta' (a cancelled or concluded order is no place to mark stock). */
function Item({ item, onEmFalta }: { item: ItemGravado; onEmFalta: PedidoDetalheProps['onEmFalta'] | null }) {
  const opcoes = item.subitens.flatMap((s) => s.sub_subitens);
  return (
    <li className={classes.item}>
      <div className={classes.itemTopo}>
        <Text fw={700} className={classes.quebra}>
          {item.quantidade}× {item.descricao}
        </Text>
        {item.nao_cadastrado ? (
          <Badge component="span" color="orange" variant="light" size="sm">
            Não cadastrado no Rango
          </Badge>
        ) : null}
        <Text fw={600} className={classes.valor}>
          {dinheiro(item.preco_total)}
        </Text>
      </div>
      {opcoes.length > 0 ? (
        <>
          {item.quantidade > 1 ? (
            <Text size="sm" c="dimmed">
              Em cada unidade:
            </Text>
          ) : null}
          <ul className={classes.opcoes}>
            {opcoes.map((o) => (
              <li key={`${o.opcao_id}-${o.descricao}`} className={classes.opcao}>
                <span>
                  {o.quantidade > 1 ? `${o.quantidade}× ` : ''}
                  {o.descricao}
                </span>
                {onEmFalta && o.opcao_id > 0 ? (
                  <Button
                    variant="default"
                    size="compact-xs"
                    onClick={() => onEmFalta({ tipo: 'opcao', id: o.opcao_id }, o.descricao)}
                    aria-label={`Marcar em falta: ${o.descricao}`}
                  >
                    Marcar em falta
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {item.observacoes ? (
        <Text size="sm" className={classes.obs}>
          Obs.: {item.observacoes}
        </Text>
      ) : null}
      {onEmFalta && item.produto_id > 0 ? (
        <Group justify="flex-end">
          {/* The product named on the button: alone below the options, 'Marcar em falta' read as one of them. */}
          <Button
            variant="default"
            size="compact-xs"
            classNames={{ root: botao.longo, label: botao.longoTexto }}
            onClick={() => onEmFalta({ tipo: 'produto', id: item.produto_id }, item.descricao)}
          >
            Marcar em falta: {item.descricao}
          </Button>
        </Group>
      ) : null}
    </li>
  );
}

function Linha({ rotulo, valor, forte = false }: { rotulo: string; valor: string; forte?: boolean }) {
  return (
    <div className={classes.linha} data-forte={forte || undefined}>
      <span>{rotulo}</span>
      <span className={classes.valor}>{valor}</span>
    </div>
  );
}

/**
 * Everything the attendant needs to run one order: the actions its status allows (with their
 * keys), customer and phone, where it goes (map link), items with options per unit and notes,
 * values with the coupon, payment and change, and its history.
 */
export function PedidoDetalhe({
  pedido: p,
  agora,
  acoes,
  onAcao,
  onImprimir,
  imprimindo,
  onEmFalta,
  erro,
  pendente,
  onAlterarPrevisao,
}: PedidoDetalheProps) {
  const g = p.pedido;
  const endereco = g.cliente.endereco;
  const troco = trocoTexto(p);
  const cupom = g.cupom?.codigo ?? g.codigo_cupom;
  const finalizado = isCancelado(p.status) || p.status === STATUS.Concluido;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <span className={classes.status} data-cancelado={isCancelado(p.status) || undefined}>
          {statusTexto(p.status)}
        </span>
        {p.canal !== 'rango' ? (
          <Badge component="span" color="red" variant="light" data-canal={p.canal}>
            {CANAL_NOME[p.canal]}
          </Badge>
        ) : null}
        <Text size="sm">
          {tipoTexto(p)} · feito às {formatHora(p.dthrpedido)}
          {finalizado ? '' : ` · ${tempoTexto(p, agora).toLowerCase()}`}
        </Text>
      </Group>
      {p.erro_canal ? (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          title={`O ${CANAL_NOME[p.canal]} não aceitou a mudança`}
        >
          {p.erro_canal}
        </Alert>
      ) : null}
      {p.pedido.itens.some((i) => i.nao_cadastrado) ? (
        <Alert color="orange" variant="light" p="xs" role="note">
          Este pedido tem itens que não estão no cardápio do Rango: confira-os pelo texto.
        </Alert>
      ) : null}
      {p.entregue_as ? (
        <Alert variant="light" color="blue" p="xs" role="note">
          Agendado para {formatQuando(p.entregue_as, agora)}
        </Alert>
      ) : null}
      {p.previsao_em && !finalizado ? (
        onAlterarPrevisao && (p.status === STATUS.Confirmado || p.status === STATUS.Pronto) ? (
          <AlterarPrevisao key={p.id} previsaoEm={p.previsao_em} agora={agora} onSalvar={onAlterarPrevisao} />
        ) : (
          <Text size="sm">
            Previsão informada ao cliente: <strong>{formatHora(p.previsao_em)}</strong>
          </Text>
        )
      ) : null}

      <div className={classes.acoes} role="group" aria-label="Ações do pedido">
        {acoes.map((a) => (
          <Button
            key={a.para}
            color={a.para === STATUS.Cancelado ? 'red.9' : undefined}
            variant={a.para === STATUS.Cancelado ? 'outline' : 'filled'}
            onClick={() => onAcao(a)}
            disabled={pendente}
            aria-keyshortcuts={a.atalho}
            rightSection={
              <Kbd size="xs" aria-hidden="true">
                {a.atalho.toUpperCase()}
              </Kbd>
            }
          >
            {a.rotulo}
          </Button>
        ))}
        <Button
          variant="default"
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          onClick={onImprimir}
          loading={imprimindo}
          aria-keyshortcuts="i"
          rightSection={
            <Kbd size="xs" aria-hidden="true">
              I
            </Kbd>
          }
        >
          Imprimir
        </Button>
      </div>
      {erro ? (
        <Alert color="red" variant="light" role="alert" title="Não foi possível mudar o pedido">
          {erro}
        </Alert>
      ) : null}

      <section aria-labelledby="detalhe-cliente" className={classes.secao}>
        <Title order={3} size="h5" id="detalhe-cliente">
          Cliente
        </Title>
        <Text fw={600}>{p.cliente}</Text>
        {p.telefone ? (
          <Anchor href={telLink(p.telefone)} className={classes.icone}>
            <IconPhone size={16} aria-hidden="true" />
            {formatTelefone(p.telefone)}
          </Anchor>
        ) : null}
      </section>

      <section aria-labelledby="detalhe-entrega" className={classes.secao}>
        <Title order={3} size="h5" id="detalhe-entrega">
          {p.tipo === 'DELIVERY' ? 'Entrega' : 'Retirada no local'}
        </Title>
        {endereco ? (
          <>
            <Text className={classes.quebra}>{enderecoLinha(endereco)}</Text>
            {endereco.detalhe ? (
              <Text size="sm" className={classes.quebra}>
                Referência: {endereco.detalhe}
              </Text>
            ) : null}
            <Anchor
              href={mapaLink(endereco)}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.icone}
            >
              <IconMapPin size={16} aria-hidden="true" />
              Ver no mapa
              <IconExternalLink size={14} aria-hidden="true" />
              <span className={classes.sr}> (abre em nova aba)</span>
            </Anchor>
          </>
        ) : p.tipo === 'DELIVERY' ? (
          <Text size="sm">Endereço não informado.</Text>
        ) : (
          <Text size="sm">O cliente retira no balcão.</Text>
        )}
        {g.entrega_por === 'ifood' ? (
          <Text size="sm">O entregador do iFood vem retirar o pedido.</Text>
        ) : g.entrega_por === 'loja' ? (
          <Text size="sm">Entrega feita pelo entregador da loja.</Text>
        ) : null}
        {g.endereco_togo ? <Text size="sm">{g.endereco_togo}</Text> : null}
      </section>

      <section aria-labelledby="detalhe-itens" className={classes.secao}>
        <Title order={3} size="h5" id="detalhe-itens">
          Itens
        </Title>
        <ul className={classes.itens}>
          {g.itens.map((item, i) => (
            <Item key={i} item={item} onEmFalta={finalizado ? null : onEmFalta} />
          ))}
        </ul>
        {g.observacoes ? (
          <div className={classes.obsPedido}>
            <strong>Observações do pedido</strong>
            <span className={classes.quebra}>{g.observacoes}</span>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="detalhe-valores" className={classes.secao}>
        <Title order={3} size="h5" id="detalhe-valores">
          Valores e pagamento
        </Title>
        <Linha rotulo="Subtotal" valor={dinheiro(g.subtotal)} />
        {p.tipo === 'DELIVERY' ? (
          <Linha rotulo="Taxa de entrega" valor={g.taxa_entrega ? dinheiro(g.taxa_entrega) : 'Grátis'} />
        ) : null}
        {g.desconto > 0 ? (
          <Linha rotulo={cupom ? `Cupom ${cupom}` : 'Desconto'} valor={`- ${dinheiro(g.desconto)}`} />
        ) : cupom ? (
          <Linha rotulo={`Cupom ${cupom}`} valor="aplicado" />
        ) : null}
        <Linha rotulo="Total" valor={dinheiro(p.total)} forte />
        <Divider my={4} />
        <Text fw={600}>{pagamentoTexto(p)}</Text>
        {p.pagamento.online && p.pagamento.estado && p.pagamento.estado !== 'pago' ? (
          <Text size="sm">
            Situação do pagamento: {ESTADO_TEXTO[p.pagamento.estado] ?? p.pagamento.estado}
          </Text>
        ) : null}
        {troco ? (
          <Text fw={700} className={classes.troco}>
            {troco}
          </Text>
        ) : null}
      </section>

      <section aria-labelledby="detalhe-historico" className={classes.secao}>
        <Title order={3} size="h5" id="detalhe-historico">
          Histórico
        </Title>
        <ol className={classes.historico}>
          {p.historico.map((h, i) => (
            <li key={i}>
              <strong>{formatQuando(h.datahora, agora)}</strong> {statusTexto(h.status)}
              {h.motivo ? ` — ${h.motivo}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </Stack>
  );
}

const ESTADO_TEXTO: Record<string, string> = {
  iniciado: 'iniciado',
  incerto: 'aguardando confirmação do banco',
  pendente: 'aguardando o cliente pagar',
  negado: 'recusado',
  expirado: 'expirado',
  estornado: 'estornado',
  estorno_pendente: 'estorno em andamento',
};
