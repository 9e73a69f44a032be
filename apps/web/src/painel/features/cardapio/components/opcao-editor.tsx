import { ActionIcon, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { OpcaoPainel } from '@rango/domain/painel/catalogo';
import { memo, useCallback } from 'react';
import { Alca, useArrastavel } from './arrastar.tsx';
import classes from './cardapio.module.css';
import { chave } from '../lib/validar-rascunho.ts';
import { comGrupo, comOpcao, mover, type Atualizar } from '../lib/rascunho.ts';
import { CampoDinheiro, CampoQtd, CampoSituacao, ValidacaoLocal, useValidacao } from './campos.tsx';
import { Icone } from './icone.tsx';
import { OpcaoAjustes, type SetOpcao } from './opcao-ajustes.tsx';

interface OpcaoProps {
  opcao: OpcaoPainel;
  indice: number;
  total: number;
  atualizar: Atualizar;
  tocar: (k: string) => void;
  /** This option's visible errors (errosDe). */
  erros: string;
}

export const OpcaoEditor = memo(function OpcaoEditor(props: OpcaoProps) {
  return (
    <ValidacaoLocal erros={props.erros} tocar={props.tocar}>
      <OpcaoCampos {...props} />
    </ValidacaoLocal>
  );
});

/**
 * One option's card. Its parts are memoised on their own values, with callbacks that last as long
 * as the option: a keystroke in the option's name redraws the name's row, not its prices,
 * quantities, situation and adjustments (at 4× CPU that was most of a key's rendering).
 */
function OpcaoCampos({ opcao, indice, total, atualizar }: OpcaoProps) {
  const gid = opcao.idgrupoopcao;
  const id = opcao.idopcao;
  const set = useCallback<SetOpcao>(
    (x) => atualizar(comOpcao(gid, id, (o) => ({ ...o, ...x }))),
    [atualizar, gid, id],
  );
  const onMover = useCallback(
    (d: number) =>
      atualizar(
        comGrupo(gid, (g) => ({
          ...g,
          opcoes: mover(
            g.opcoes,
            g.opcoes.findIndex((o) => o.idopcao === id),
            d,
          ),
        })),
      ),
    [atualizar, gid, id],
  );
  const onRemover = useCallback(
    () => atualizar(comGrupo(gid, (g) => ({ ...g, opcoes: g.opcoes.filter((o) => o.idopcao !== id) }))),
    [atualizar, gid, id],
  );
  const nome = opcao.descricao || `Opção ${indice + 1}`;
  const a = useArrastavel(id);
  return (
    <Paper
      ref={a.ref}
      style={a.style}
      withBorder
      p="sm"
      radius="sm"
      component="li"
      aria-label={nome}
      className={a.arrastando ? `${classes.opcaoCartao} ${classes.arrastando}` : classes.opcaoCartao}
    >
      <Stack gap="xs">
        <OpcaoCabeca
          id={id}
          descricao={opcao.descricao}
          nome={nome}
          primeira={indice === 0}
          ultima={indice === total - 1}
          alca={a.alca}
          set={set}
          onMover={onMover}
          onRemover={onRemover}
        />
        <OpcaoDetalhe id={id} detalhe={opcao.detalhe} set={set} />
        <OpcaoValores
          id={id}
          preco={opcao.preco}
          precooferta={opcao.precooferta}
          qtdpadrao={opcao.qtdpadrao}
          qtdmax={opcao.qtdmax}
          set={set}
        />
        <OpcaoSituacao id={id} valor={opcao.stindisponivel} set={set} />
        <OpcaoAjustes
          id={id}
          valorafetaproduto={opcao.valorafetaproduto}
          stpercentualafetaproduto={opcao.stpercentualafetaproduto}
          valorafetaopcao={opcao.valorafetaopcao}
          stpercentualafetaopcao={opcao.stpercentualafetaopcao}
          valorafetatudo={opcao.valorafetatudo}
          set={set}
        />
      </Stack>
    </Paper>
  );
}

const OpcaoCabeca = memo(function OpcaoCabeca({
  id,
  descricao,
  nome,
  primeira,
  ultima,
  alca,
  set,
  onMover,
  onRemover,
}: {
  id: number;
  descricao: string;
  nome: string;
  primeira: boolean;
  ultima: boolean;
  alca: ReturnType<typeof useArrastavel>['alca'];
  set: SetOpcao;
  onMover: (d: number) => void;
  onRemover: () => void;
}) {
  const v = useValidacao();
  const erro = v.erro(chave.opcao(id, 'descricao'));
  // The buttons line up with the input, above its error when there is one.
  const mb = erro ? 22 : 0;
  return (
    // On a phone the three buttons wrap below the name together rather than squeeze it to a few letters.
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Alca alca={alca} nome={nome} size="lg" mb={mb} />
      <TextInput
        style={{ flex: '1 1 180px', minWidth: 0 }}
        label="Nome da opção"
        value={descricao}
        onChange={(e) => set({ descricao: e.currentTarget.value })}
        onBlur={() => v.tocar(chave.opcao(id, 'descricao'))}
        error={erro}
        withAsterisk
      />
      <Group gap="xs" wrap="nowrap" mb={mb}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Mover para cima: ${nome}`}
          disabled={primeira}
          onClick={() => onMover(-1)}
        >
          <Icone nome="setaCima" />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Mover para baixo: ${nome}`}
          disabled={ultima}
          onClick={() => onMover(1)}
        >
          <Icone nome="setaBaixo" />
        </ActionIcon>
        <ActionIcon
          variant="default"
          color="red"
          size="lg"
          aria-label={`Remover opção: ${nome}`}
          onClick={onRemover}
        >
          <Icone nome="lixeira" />
        </ActionIcon>
      </Group>
    </Group>
  );
});

const OpcaoDetalhe = memo(function OpcaoDetalhe({
  id,
  detalhe,
  set,
}: {
  id: number;
  detalhe: string | null;
  set: SetOpcao;
}) {
  const v = useValidacao();
  const k = chave.opcao(id, 'detalhe');
  return (
    <TextInput
      label="Detalhe (opcional)"
      value={detalhe ?? ''}
      onChange={(e) => set({ detalhe: e.currentTarget.value || null })}
      onBlur={() => v.tocar(k)}
      error={v.erro(k)}
    />
  );
});

const OpcaoValores = memo(function OpcaoValores({
  id,
  preco,
  precooferta,
  qtdpadrao,
  qtdmax,
  set,
}: Pick<OpcaoPainel, 'preco' | 'precooferta' | 'qtdpadrao' | 'qtdmax'> & { id: number; set: SetOpcao }) {
  const k = (c: string) => chave.opcao(id, c);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      <CampoDinheiro label="Preço" valor={preco} onChange={(c) => set({ preco: c })} chave={k('preco')} />
      <CampoDinheiro
        label="Preço de oferta"
        valor={precooferta}
        onChange={(c) => set({ precooferta: c })}
        chave={k('precooferta')}
      />
      <CampoQtd
        label="Quantidade padrão"
        valor={qtdpadrao}
        onChange={(n) => set({ qtdpadrao: n })}
        chave={k('qtdpadrao')}
      />
      <CampoQtd
        label="Máximo por item"
        description="0 = sem limite"
        valor={qtdmax}
        onChange={(n) => set({ qtdmax: n })}
        chave={k('qtdmax')}
      />
    </SimpleGrid>
  );
});

const OpcaoSituacao = memo(function OpcaoSituacao({
  id,
  valor,
  set,
}: {
  id: number;
  valor: number;
  set: SetOpcao;
}) {
  return (
    <CampoSituacao
      label="Situação da opção"
      nome={`opcao-${id}-situacao`}
      valor={valor}
      onChange={(s) => set({ stindisponivel: s })}
    />
  );
});
