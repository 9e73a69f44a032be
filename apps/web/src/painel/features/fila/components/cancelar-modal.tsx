import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { MSG_PAINEL, type PainelStatusResposta, type PedidoPainel } from '@rango/domain/painel';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AppModal } from '../../../../shared/components/app-modal.tsx';
import { PainelApiError } from '../../../api/client.ts';
import { dinheiro } from '../lib/formato.ts';
import classes from './detalhe.module.css';

const MOTIVOS = [
  'Item em falta',
  'Loja fechando',
  'Fora da área de entrega',
  'Pedido duplicado',
  'A pedido do cliente',
];
const MAX_MOTIVO = 200;

export interface CancelarModalProps {
  pedido: PedidoPainel;
  onClose: () => void;
  /** Cancels; rejects with the server's error. */
  onConfirmar: (motivo: string) => Promise<PainelStatusResposta>;
}

/**
 * What became of the money after cancelling (the server's `estorno`). The titles take darker
 * colours than Mantine's green and yellow: the green title on its light background measured 3.8:1
 * (axe, e2e acessibilidade-painel), under the 4.5:1 needed, and the yellow one is lighter still.
 */
export function EstornoResultado({ resposta, total }: { resposta: PainelStatusResposta; total: number }) {
  if (resposta.estorno === 'estornado') {
    return (
      <Alert color="#1c6b2f" variant="light" title="Estorno realizado">
        {dinheiro(total)} volta para o cliente pela mesma forma de pagamento.
      </Alert>
    );
  }
  if (resposta.estorno === 'estorno_pendente') {
    return (
      <Alert color="#8f4b00" variant="light" title="Estorno em andamento">
        O estorno de {dinheiro(total)} foi pedido e aguarda a confirmação do banco.
      </Alert>
    );
  }
  return null;
}

/**
 * 'Cancelar' needs a reason (the customer reads it); a paid online order is refunded, and the
 * dialog then says whether the refund went through or is still in progress.
 */
export function CancelarModal({ pedido, onClose, onConfirmar }: CancelarModalProps) {
  const [motivo, setMotivo] = useState('');
  const [erroCampo, setErroCampo] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [resposta, setResposta] = useState<PainelStatusResposta | null>(null);
  const titulo = `Cancelar pedido #${pedido.referencia}`;
  // The answer replaces the form inside the open dialog: data-autofocus only acts on opening, and
  // the focused submit button is gone (the focus would fall to the page's body).
  const fecharRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (resposta) fecharRef.current?.focus();
  }, [resposta]);

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const texto = motivo.trim();
    if (!texto) {
      setErroCampo(MSG_PAINEL.motivoObrigatorio);
      return;
    }
    setEnviando(true);
    setErro(null);
    try {
      setResposta(await onConfirmar(texto));
    } catch (err) {
      const campo = err instanceof PainelApiError ? err.campo('motivo') : undefined;
      if (campo) setErroCampo(campo);
      else setErro(err instanceof Error ? err.message : String(err));
    } finally {
      setEnviando(false);
    }
  };

  if (resposta) {
    return (
      <AppModal opened onClose={onClose} title={titulo} centered size="md">
        <Stack gap="sm">
          <Text role="status" fw={600}>
            Pedido #{pedido.referencia} cancelado.
          </Text>
          <EstornoResultado resposta={resposta} total={pedido.total} />
          <Group justify="flex-end">
            <Button ref={fecharRef} data-autofocus onClick={onClose}>
              Fechar
            </Button>
          </Group>
        </Stack>
      </AppModal>
    );
  }

  return (
    <AppModal opened onClose={onClose} title={titulo} centered size="md">
      <form onSubmit={(e) => void enviar(e)} noValidate>
        <Stack gap="sm">
          {pedido.pagamento.online && pedido.pagamento.estado === 'pago' ? (
            <Alert color="blue" variant="light" p="xs" role="note">
              Pago online: o valor de {dinheiro(pedido.total)} será estornado ao cliente.
            </Alert>
          ) : null}
          <Textarea
            data-autofocus
            label="Motivo do cancelamento"
            description="O cliente verá este motivo."
            value={motivo}
            onChange={(e) => {
              setMotivo(e.currentTarget.value);
              setErroCampo(null);
            }}
            maxLength={MAX_MOTIVO}
            rows={3}
            required
            error={erroCampo}
          />
          <div className={classes.quick} role="group" aria-label="Motivos comuns">
            {MOTIVOS.map((m) => (
              <Button
                key={m}
                size="compact-sm"
                variant={motivo === m ? 'filled' : 'default'}
                aria-pressed={motivo === m}
                onClick={() => {
                  setMotivo(m);
                  setErroCampo(null);
                }}
              >
                {m}
              </Button>
            ))}
          </div>
          {erro ? (
            <Alert color="red" variant="light" role="alert" title="Não foi possível cancelar">
              {erro}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" color="red.9" loading={enviando}>
              Cancelar pedido
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
