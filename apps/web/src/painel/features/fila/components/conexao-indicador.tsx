import { Button } from '@mantine/core';
import { CONEXAO_TEXTO, type Conexao } from '../../../live/eventos-painel.ts';
import classes from './fila.module.css';

/** 'Conectado' / 'Reconectando…' / 'Sem conexão', announced as it changes. */
export function ConexaoIndicador({
  conexao,
  fallback,
  onReconectar,
}: {
  conexao: Conexao;
  fallback: boolean;
  onReconectar: () => void;
}) {
  return (
    <span className={classes.ferramentas}>
      <span className={classes.conexao} data-estado={conexao} role="status" aria-live="polite">
        <span className={classes.conexaoPonto} aria-hidden="true" />
        {CONEXAO_TEXTO[conexao]}
        {fallback ? <span> · atualizando a cada 15 s</span> : null}
      </span>
      {conexao === 'sem-conexao' ? (
        <Button size="compact-sm" variant="default" onClick={onReconectar}>
          Tentar agora
        </Button>
      ) : null}
    </span>
  );
}
