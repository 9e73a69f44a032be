import { matchesSearch } from '@rango/domain';
import type { Disponibilidade } from '@rango/domain/painel';
import { Alert, Badge, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useDisponibilidade, useMudarDisponibilidade, type TipoItem } from '../../api/disponibilidade.ts';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import classes from './em-falta-page.module.css';

interface Item {
  tipo: TipoItem;
  id: number;
  descricao: string;
  grupo: string;
  emFalta: boolean;
}

function itens(d: Disponibilidade): { produtos: Item[]; opcoes: Item[] } {
  return {
    produtos: d.produtos.map((p) => ({
      tipo: 'produto',
      id: p.idproduto,
      descricao: p.descricao,
      grupo: p.grupo,
      emFalta: p.stindisponivel === 1,
    })),
    opcoes: d.opcoes.map((o) => ({
      tipo: 'opcao',
      id: o.idopcao,
      descricao: o.descricao,
      grupo: o.grupo,
      emFalta: o.stindisponivel === 1,
    })),
  };
}

/** Items by group, in the menu's order (the first time a group appears). */
function porGrupo(lista: Item[]): [string, Item[]][] {
  const grupos = new Map<string, Item[]>();
  for (const i of lista) grupos.set(i.grupo, [...(grupos.get(i.grupo) ?? []), i]);
  return [...grupos];
}

function Linha({ item, pendente, onToggle }: { item: Item; pendente: boolean; onToggle: () => void }) {
  return (
    <li className={classes.linha} data-em-falta={item.emFalta || undefined}>
      <div className={classes.nome}>
        <Text fw={500}>{item.descricao}</Text>
        {item.emFalta ? (
          <Badge color="red" variant="light">
            Em falta
          </Badge>
        ) : null}
      </div>
      <Button
        size="sm"
        className={classes.botao}
        variant={item.emFalta ? 'filled' : 'default'}
        color={item.emFalta ? 'teal.9' : undefined}
        onClick={onToggle}
        loading={pendente}
        aria-label={`${item.emFalta ? 'Marcar disponível' : 'Marcar em falta'}: ${item.descricao}`}
      >
        {item.emFalta ? 'Marcar disponível' : 'Marcar em falta'}
      </Button>
    </li>
  );
}

function Secao({
  titulo,
  lista,
  vazio,
  pendentes,
  onToggle,
}: {
  titulo: string;
  lista: Item[];
  vazio: string;
  pendentes: Set<string>;
  onToggle: (i: Item) => void;
}) {
  return (
    <section aria-labelledby={`sec-${titulo}`}>
      <Title order={2} size="h3" id={`sec-${titulo}`} mb="xs">
        {titulo}
      </Title>
      {lista.length === 0 ? (
        <Text c="dimmed" size="sm">
          {vazio}
        </Text>
      ) : (
        <Stack gap="md">
          {porGrupo(lista).map(([grupo, doGrupo]) => (
            <div key={grupo}>
              <Title order={3} size="h5" c="dimmed" mb={4}>
                {grupo}
              </Title>
              <ul className={classes.lista}>
                {doGrupo.map((i) => (
                  <Linha
                    key={i.id}
                    item={i}
                    pendente={pendentes.has(`${i.tipo}:${i.id}`)}
                    onToggle={() => onToggle(i)}
                  />
                ))}
              </ul>
            </div>
          ))}
        </Stack>
      )}
    </section>
  );
}

/**
 * /painel/:id/em-falta: every product and option of the menu with a one-tap 'Em falta' /
 * 'Disponível'; the menu shows the change to new visitors at once. Search and 'only what is
 * out' narrow the list.
 */
export default function EmFaltaPage() {
  const { id } = useEstabelecimentoAtual();
  const disp = useDisponibilidade(id);
  const mudar = useMudarDisponibilidade(id);
  const [busca, setBusca] = useState('');
  const [soEmFalta, setSoEmFalta] = useState(false);
  const [pendentes, setPendentes] = useState<Set<string>>(new Set());
  const [erro, setErro] = useState<string | null>(null);

  const toggle = (i: Item) => {
    const chave = `${i.tipo}:${i.id}`;
    setErro(null);
    setPendentes((s) => new Set(s).add(chave));
    mudar.mutate(
      { tipo: i.tipo, id: i.id, stindisponivel: i.emFalta ? 0 : 1 },
      {
        onError: (e) => setErro(`${i.descricao}: ${e.message}`),
        onSettled: () =>
          setPendentes((s) => {
            const n = new Set(s);
            n.delete(chave);
            return n;
          }),
      },
    );
  };

  const todos = disp.data ? itens(disp.data) : null;
  const filtra = (l: Item[]) =>
    l.filter(
      (i) =>
        (!soEmFalta || i.emFalta) && (matchesSearch(i.descricao, busca) || matchesSearch(i.grupo, busca)),
    );
  const produtos = todos ? filtra(todos.produtos) : [];
  const opcoes = todos ? filtra(todos.opcoes) : [];
  const emFalta = todos ? [...todos.produtos, ...todos.opcoes].filter((i) => i.emFalta).length : 0;
  const filtrando = busca.trim() !== '' || soEmFalta;

  return (
    <Stack maw={880} mx="auto" w="100%" gap="md">
      <PageTitle>Em falta</PageTitle>
      <Text size="sm" c="dimmed">
        O que for marcado em falta aparece como indisponível no cardápio na hora, para novos pedidos.
      </Text>
      {disp.isPending ? <PageLoader /> : null}
      {disp.isError ? <ErroCarga error={disp.error} onRetry={() => void disp.refetch()} /> : null}
      {todos ? (
        <>
          <Group align="end" gap="md" className={classes.filtros}>
            <TextInput
              className={classes.busca}
              label="Buscar produto ou opção"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={busca}
              onChange={(e) => setBusca(e.currentTarget.value)}
            />
            <Switch
              label="Só o que está em falta"
              checked={soEmFalta}
              onChange={(e) => setSoEmFalta(e.currentTarget.checked)}
              mb={8}
            />
          </Group>
          <Text size="sm" role="status" aria-live="polite">
            {emFalta === 0
              ? 'Nada em falta agora.'
              : emFalta === 1
                ? '1 item em falta.'
                : `${emFalta} itens em falta.`}
          </Text>
          {erro ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              withCloseButton
              onClose={() => setErro(null)}
              closeButtonLabel="Fechar aviso"
            >
              {erro}
            </Alert>
          ) : null}
          {todos.produtos.length === 0 && todos.opcoes.length === 0 ? (
            <Alert color="gray" variant="light">
              O cardápio ainda não tem produtos.
            </Alert>
          ) : (
            <>
              <Secao
                titulo="Produtos"
                lista={produtos}
                vazio={filtrando ? 'Nenhum produto encontrado.' : 'Nenhum produto no cardápio.'}
                pendentes={pendentes}
                onToggle={toggle}
              />
              <Secao
                titulo="Opções"
                lista={opcoes}
                vazio={filtrando ? 'Nenhuma opção encontrada.' : 'Nenhuma opção no cardápio.'}
                pendentes={pendentes}
                onToggle={toggle}
              />
            </>
          )}
        </>
      ) : null}
    </Stack>
  );
}
