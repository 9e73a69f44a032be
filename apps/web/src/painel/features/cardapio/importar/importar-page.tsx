import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportacaoAlteracao, ImportacaoResultado } from '@rango/domain/painel/catalogo';
import { IconArrowLeft, IconDownload, IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useEstabelecimentoAtual } from '../../../lib/estabelecimento-atual.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { painelPaths } from '../../../paths.ts';
import { getCardapioQueryOptions } from '../../../api/cardapio.ts';
import classes from '../components/cardapio.module.css';
import { baixarCardapio, importar, lerArquivo, type Formato, type Resposta } from './api.ts';
import { TITULO_AVISO } from '../../../components/aviso.ts';

const ENTIDADES = [
  ['categoria', 'Categorias'],
  ['produto', 'Produtos'],
  ['grupo_opcao', 'Grupos de opções'],
  ['opcao', 'Opções'],
] as const;
const ENTIDADE: Record<ImportacaoAlteracao['entidade'], string> = {
  categoria: 'categoria',
  produto: 'produto',
  grupo_opcao: 'grupo de opções',
  opcao: 'opção',
};
const ACAO: Record<ImportacaoAlteracao['acao'], string> = {
  criar: 'Criar',
  alterar: 'Alterar',
  excluir: 'Excluir',
};
/** A long list shows this many lines; the counts above cover the rest. */
const MAX_LINHAS = 300;

const conta = (r: ImportacaoResultado, acao: string, entidade?: string) =>
  r.alteracoes.filter((a) => a.acao === acao && (entidade === undefined || a.entidade === entidade)).length;

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;
/** '2 itens criados, 1 alterado, 0 excluídos.' */
const resumo = (r: ImportacaoResultado) =>
  `${plural(conta(r, 'criar'), 'item criado', 'itens criados')}, ${plural(conta(r, 'alterar'), 'alterado', 'alterados')}, ${plural(conta(r, 'excluir'), 'excluído', 'excluídos')}.`;

function Exportar({ idest }: { idest: number }) {
  const [baixando, setBaixando] = useState<Formato | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const baixar = async (f: Formato) => {
    setBaixando(f);
    setErro(null);
    try {
      await baixarCardapio(idest, f);
    } catch (e) {
      setErro(e instanceof Error ? e.message : 'Erro não identificado.');
    } finally {
      setBaixando(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="exportar-titulo">
      <Stack gap="sm">
        <Title order={2} size="h4" id="exportar-titulo">
          Exportar
        </Title>
        <Text size="sm">
          Baixe o cardápio inteiro: o JSON guarda tudo como o Rango lê; a planilha CSV abre no Excel ou no
          LibreOffice (uma linha por opção, valores em reais com vírgula).
        </Text>
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={baixando === 'json'}
            disabled={baixando !== null}
            onClick={() => void baixar('json')}
          >
            Baixar JSON
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={baixando === 'csv'}
            disabled={baixando !== null}
            onClick={() => void baixar('csv')}
          >
            Baixar planilha (CSV)
          </Button>
        </Group>
        {erro ? (
          <Alert color="red" variant="light" role="alert" title="Não foi possível baixar o cardápio.">
            {erro}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** What the file would change (a dry run) or changed: counts per kind, then each line. */
function Alteracoes({ r }: { r: ImportacaoResultado }) {
  const total = r.alteracoes.length;
  if (total === 0) {
    return <Text>O arquivo é igual ao cardápio: nada muda.</Text>;
  }
  return (
    <Stack gap="sm">
      <Table withTableBorder striped={false} className={classes.tabelaContagem}>
        <Table.Caption>Quantos itens mudam</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item</Table.Th>
            <Table.Th scope="col">Criar</Table.Th>
            <Table.Th scope="col">Alterar</Table.Th>
            <Table.Th scope="col">Excluir</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ENTIDADES.map(([e, nome]) => (
            <Table.Tr key={e}>
              <Table.Th scope="row">{nome}</Table.Th>
              <Table.Td>{conta(r, 'criar', e)}</Table.Td>
              <Table.Td>{conta(r, 'alterar', e)}</Table.Td>
              <Table.Td>{conta(r, 'excluir', e)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <details className={classes.detalhes}>
        <summary>Ver {total === 1 ? 'a mudança' : `as ${total} mudanças`} uma a uma</summary>
        <ul className={classes.listaMudancas}>
          {r.alteracoes.slice(0, MAX_LINHAS).map((a, i) => (
            <li key={i} data-acao={a.acao}>
              <strong>{ACAO[a.acao]}</strong> {ENTIDADE[a.entidade]} “{a.descricao}”
              {a.linha !== null ? <span className={classes.linhaCsv}> (linha {a.linha})</span> : null}
            </li>
          ))}
        </ul>
        {total > MAX_LINHAS ? (
          <Text size="sm" c="dimmed">
            e mais {total - MAX_LINHAS}.
          </Text>
        ) : null}
      </details>
    </Stack>
  );
}

/** New products named like existing ones: said outside the collapsed list, they may be a mistake. */
function Avisos({ r }: { r: ImportacaoResultado }) {
  const avisos = r.alteracoes.filter((a) => a.aviso);
  if (avisos.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      styles={TITULO_AVISO}
      title="Produtos novos com o nome de um produto existente"
    >
      <ul className={classes.listaMudancas}>
        {avisos.map((a, i) => (
          <li key={i}>
            {a.aviso}
            {a.linha !== null ? <span className={classes.linhaCsv}> (linha {a.linha})</span> : null}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function Recusas({ r }: { r: ImportacaoResultado }) {
  return (
    <ul className={classes.listaMudancas}>
      {r.erros.slice(0, MAX_LINHAS).map((e, i) => (
        <li key={i}>
          <strong>{e.linha !== null ? `Linha ${e.linha}` : e.caminho || 'Arquivo'}:</strong> {e.msg}
          {e.linha !== null && e.caminho ? <span className={classes.linhaCsv}> ({e.caminho})</span> : null}
        </li>
      ))}
      {r.erros.length > MAX_LINHAS ? <li>e mais {r.erros.length - MAX_LINHAS}.</li> : null}
    </ul>
  );
}

type Fase =
  | { fase: 'vazio' }
  | { fase: 'conferindo'; nome: string }
  | {
      fase: 'resposta';
      nome: string;
      arquivo: { formato: Formato; corpo: unknown } | null;
      resposta: Resposta;
    }
  | {
      fase: 'importando';
      nome: string;
      arquivo: { formato: Formato; corpo: unknown };
      resultado: ImportacaoResultado;
    }
  | { fase: 'importado'; resultado: ImportacaoResultado };

function Importar({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const id = useId();
  const [f, setF] = useState<Fase>({ fase: 'vazio' });
  const titulo = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // Each answer takes the focus, so a screen reader reads it and Tab goes on from there.
  useEffect(() => {
    if (f.fase === 'resposta' || f.fase === 'importado') titulo.current?.focus();
  }, [f.fase]);

  const escolher = async (e: ChangeEvent<HTMLInputElement>) => {
    const arq = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!arq) return;
    setF({ fase: 'conferindo', nome: arq.name });
    const lido = await lerArquivo(arq);
    if ('erro' in lido) {
      setF({
        fase: 'resposta',
        nome: arq.name,
        arquivo: null,
        resposta: { tipo: 'erro', mensagem: lido.erro },
      });
      return;
    }
    const resposta = await importar(idest, lido, true);
    setF({ fase: 'resposta', nome: arq.name, arquivo: lido, resposta });
  };

  const aplicar = async () => {
    if (f.fase !== 'resposta' || !f.arquivo || f.resposta.tipo !== 'ok') return;
    setF({ fase: 'importando', nome: f.nome, arquivo: f.arquivo, resultado: f.resposta.resultado });
    const resposta = await importar(idest, f.arquivo, false);
    if (resposta.tipo === 'ok') {
      setF({ fase: 'importado', resultado: resposta.resultado });
      void qc.invalidateQueries({ queryKey: getCardapioQueryOptions(idest).queryKey });
      void qc.invalidateQueries({ queryKey: ['painel', idest, 'auditoria'] });
    } else {
      setF({ fase: 'resposta', nome: f.nome, arquivo: f.arquivo, resposta });
    }
  };

  const recomecar = () => {
    setF({ fase: 'vazio' });
    input.current?.focus();
  };

  const ocupado = f.fase === 'conferindo' || f.fase === 'importando';
  const dryRun = f.fase === 'resposta' && f.resposta.tipo === 'ok' ? f.resposta.resultado : null;
  const excluir = dryRun ? conta(dryRun, 'excluir') : 0;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="importar-titulo">
      <Stack gap="sm">
        <Title order={2} size="h4" id="importar-titulo">
          Importar
        </Title>
        <Text size="sm">
          O arquivo (JSON ou CSV, até 5 MB) <strong>substitui</strong> o cardápio: o que tem o id deste
          estabelecimento é alterado, o resto é criado e o que não estiver no arquivo é excluído. Antes de
          gravar, o Rango confere o arquivo e mostra o que mudaria; nada muda até você clicar em
          &quot;Importar&quot;.
        </Text>
        <Group gap="xs">
          <input
            ref={input}
            id={`${id}-arquivo`}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            className={classes.arquivo}
            disabled={ocupado}
            onChange={(e) => void escolher(e)}
          />
          <Button
            component="label"
            htmlFor={`${id}-arquivo`}
            variant="default"
            className={classes.arquivoBotao}
            data-disabled={ocupado ? true : undefined}
            leftSection={<IconFileImport size={16} aria-hidden="true" />}
          >
            Escolher arquivo do cardápio
          </Button>
        </Group>
        <div role="status" aria-live="polite">
          {f.fase === 'conferindo' ? <Text size="sm">Conferindo {f.nome}…</Text> : null}
          {f.fase === 'importando' ? <Text size="sm">Importando {f.nome}…</Text> : null}
        </div>

        {f.fase === 'resposta' ? (
          <Stack gap="sm" className={classes.resultadoImportacao}>
            <Title order={3} size="h5" ref={titulo} tabIndex={-1}>
              {f.resposta.tipo === 'ok' ? `O que muda com ${f.nome}` : `${f.nome} não pode ser importado`}
            </Title>
            {f.resposta.tipo === 'erro' ? (
              <Alert color="red" variant="light" role="alert" title="Nada foi gravado.">
                {f.resposta.mensagem}
              </Alert>
            ) : null}
            {f.resposta.tipo === 'recusado' ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                title={`${f.resposta.resultado.erros.length === 1 ? 'Um problema' : `${f.resposta.resultado.erros.length} problemas`} no arquivo. Nada foi gravado.`}
              >
                <Recusas r={f.resposta.resultado} />
                <Text size="sm" mt="xs">
                  Corrija o arquivo e escolha-o de novo.
                </Text>
              </Alert>
            ) : null}
            {dryRun ? (
              <>
                <Text size="sm" c="dimmed">
                  Conferido: nada foi gravado ainda.
                </Text>
                <Alteracoes r={dryRun} />
                <Avisos r={dryRun} />
                {excluir > 0 ? (
                  <Alert color="yellow" variant="light">
                    <strong>Atenção:</strong>{' '}
                    {excluir === 1
                      ? 'Um item do cardápio não está no arquivo e será excluído.'
                      : `${excluir} itens do cardápio não estão no arquivo e serão excluídos.`}{' '}
                    Pedidos já feitos não mudam.
                  </Alert>
                ) : null}
              </>
            ) : null}
            <Group gap="sm">
              {dryRun && dryRun.alteracoes.length > 0 ? (
                <Button onClick={() => void aplicar()}>Importar</Button>
              ) : null}
              <Button variant="default" onClick={recomecar}>
                {dryRun && dryRun.alteracoes.length > 0 ? 'Cancelar' : 'Escolher outro arquivo'}
              </Button>
            </Group>
          </Stack>
        ) : null}

        {f.fase === 'importando' ? (
          <Group gap="sm">
            <Button loading>Importar</Button>
          </Group>
        ) : null}

        {f.fase === 'importado' ? (
          <Stack gap="sm" className={classes.resultadoImportacao}>
            <Title order={3} size="h5" ref={titulo} tabIndex={-1}>
              Cardápio importado
            </Title>
            <Alert color="teal" variant="light">
              {f.resultado.alteracoes.length === 0
                ? 'Nada mudou.'
                : `${resumo(f.resultado)} O cardápio do cliente já mostra as mudanças.`}
            </Alert>
            <Group gap="sm">
              <Button component={Link} to={painelPaths.cardapio(idest)}>
                Ver o cardápio
              </Button>
              <Button variant="default" onClick={recomecar}>
                Importar outro arquivo
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /painel/:id/cardapio/arquivo (owner): export the menu, import a file with a dry run first. */
export default function ImportarPage() {
  const { id } = useEstabelecimentoAtual();
  return (
    <Stack gap="md" maw={880} mx="auto" w="100%">
      <Anchor component={Link} to={painelPaths.cardapio(id)} size="sm" className={classes.voltar}>
        <IconArrowLeft size={16} aria-hidden="true" /> Voltar ao cardápio
      </Anchor>
      <PageTitle>Importar e exportar o cardápio</PageTitle>
      <Exportar idest={id} />
      <Importar idest={id} />
    </Stack>
  );
}
