import { Button, Stack } from '@mantine/core';
import type { OpcaoPainel } from '@rango/domain/painel/catalogo';
import { memo, useState } from 'react';
import botao from '../../../components/botao-longo.module.css';
import { chave } from '../lib/validar-rascunho.ts';
import { CampoAjuste, useValidacao } from './campos.tsx';

/** Changes some of an option's fields in the draft. */
export type SetOpcao = (x: Partial<OpcaoPainel>) => void;

type Ajustes = Pick<
  OpcaoPainel,
  | 'valorafetaproduto'
  | 'stpercentualafetaproduto'
  | 'valorafetaopcao'
  | 'stpercentualafetaopcao'
  | 'valorafetatudo'
>;

/** The three adjustments: the amount's field, the field of its unit (none: money only), texts. */
const AJUSTES = [
  {
    campo: 'valorafetaproduto',
    unidade: 'stpercentualafetaproduto',
    label: 'Muda o preço do produto',
    description: 'Uma vez por item (ex.: Grande +30 %).',
  },
  {
    campo: 'valorafetaopcao',
    unidade: 'stpercentualafetaopcao',
    label: 'Muda o preço das outras opções',
    description: 'De cada outra opção escolhida no item.',
  },
  {
    campo: 'valorafetatudo',
    unidade: null,
    label: 'Soma ao item',
    description: 'Valor somado uma vez ao preço do item.',
  },
] as const;

/**
 * The price adjustments, open from the start when the option has one. Closed, they are not
 * rendered at all (a hidden Collapse kept three more fields per card: 600 on a 200-option
 * product, drawn again after every keystroke); a field with an error keeps them open.
 */
export const OpcaoAjustes = memo(function OpcaoAjustes({
  id,
  set,
  ...valores
}: Ajustes & { id: number; set: SetOpcao }) {
  const v = useValidacao();
  const k = (c: string) => chave.opcao(id, c);
  const [aberto, setAberto] = useState(() => AJUSTES.some((a) => valores[a.campo] !== 0));
  const comErro = AJUSTES.some((a) => v.erro(k(a.campo)) !== undefined);
  const mostrar = aberto || comErro;
  const painel = `opcao-${id}-ajustes`;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        classNames={{ root: botao.longo, label: botao.longoTexto }}
        aria-expanded={mostrar}
        aria-controls={mostrar ? painel : undefined}
        onClick={() => setAberto(!mostrar)}
      >
        {mostrar ? 'Ocultar ajustes de preço' : 'Ajustes de preço (tamanho, acréscimos)'}
      </Button>
      {mostrar ? (
        <Stack gap="xs" id={painel}>
          {AJUSTES.map((a) => (
            <CampoAjuste
              key={a.campo}
              label={a.label}
              description={a.description}
              valor={valores[a.campo]}
              percentual={a.unidade ? valores[a.unidade] : 0}
              semPercentual={a.unidade === null}
              onChange={(x, p) => set(a.unidade ? { [a.campo]: x, [a.unidade]: p } : { [a.campo]: x })}
              chave={k(a.campo)}
            />
          ))}
        </Stack>
      ) : null}
    </>
  );
});
