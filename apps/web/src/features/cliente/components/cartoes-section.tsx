import '../../../components/overlay-styles.ts';
import { MSG_CARTAO, NOME_BANDEIRA, formatarCnpjOuCpf, isBandeira, type CartaoSalvo } from '@rango/domain';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useCliente } from '../../../api/cliente.ts';
import {
  TokenizacaoError,
  tokenizarCartao,
  useCartoes,
  useCreateCartao,
  useDeleteCartao,
} from '../../../api/cartoes.ts';
import { AppModal } from '../../../shared/components/app-modal.tsx';
import { CartaoForm } from '../../../components/cartao-form/cartao-form.tsx';
import { useCartaoForm, type CartaoCampo } from '../../../components/cartao-form/use-cartao-form.ts';
import { ConfirmarExclusao, SecaoLista } from './secao-lista.tsx';
import { ApiError } from '../../../lib/api-client.ts';

const nomeBandeira = (b: string) => (isBandeira(b) ? NOME_BANDEIRA[b] : b);
const descricao = (c: CartaoSalvo) => `${nomeBandeira(c.bandeira)} ${c.numero}`;

/** Server field names → the form's (the expiry is judged on the month). */
const CAMPO_DO_SERVIDOR: Record<string, CartaoCampo> = {
  numero: 'numero',
  expiracao: 'mes',
  titular: 'titular',
  cnpjoucpf: 'cnpjoucpf',
  cvv: 'cvv',
};

/**
 * 'Novo cartão': the card form (Discover accepted: this is the profile). The card is tokenised in
 * the browser, then only its token is saved with POST /controle/cartao/. Unmounted when the modal
 * closes, so the number and CVV go with it.
 */
function NovoCartao({ onSalvo, onCancel }: { onSalvo: () => void; onCancel: () => void }) {
  const cpf = useCliente().data?.cnpjoucpf ?? '';
  const cartao = useCartaoForm({ perfil: true, inicial: { cnpjoucpf: formatarCnpjOuCpf(cpf) } });
  const { form } = cartao;
  useEffect(() => {
    // The customer's CPF, when it arrives after the form opened and nothing was typed there yet.
    if (cpf && form.getValues().cnpjoucpf === '' && !form.isTouched('cnpjoucpf')) {
      form.setFieldValue('cnpjoucpf', formatarCnpjOuCpf(cpf));
    }
    // Only the CPF's arrival matters; the form's functions change every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cpf]);
  const create = useCreateCartao();
  const [tokenizando, setTokenizando] = useState(false);
  const pendente = tokenizando || create.isPending;

  const falhou = (detalhe?: string) =>
    notifications.show({
      color: 'red',
      title: detalhe ? MSG_CARTAO.erroSalvarCartao : undefined,
      message: detalhe ?? MSG_CARTAO.erroSalvarCartao,
    });

  const salvar = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pendente) return;
    const dados = cartao.validar();
    // The profile's form is always ours (no Secure Fields: the install's gateway tokenises).
    if (!dados || dados.seguro) return;
    let token: string;
    setTokenizando(true);
    try {
      token = await tokenizarCartao(dados);
    } catch (err) {
      if (err instanceof TokenizacaoError) {
        if (err.campo) cartao.form.setFieldError(err.campo === 'numero' ? 'numero' : 'mes', err.message);
        falhou(err.message);
      } else {
        falhou();
      }
      return;
    } finally {
      setTokenizando(false);
    }
    create.mutate(
      {
        token,
        bandeira: dados.bandeira,
        titular: dados.titular,
        cnpjoucpf: dados.cnpjoucpf,
        expiracao: dados.expiracao,
      },
      {
        onSuccess: () => {
          cartao.limpar();
          notifications.show({ color: 'green', message: MSG_CARTAO.cartaoSalvo });
          onSalvo();
        },
        onError: (err) => {
          // The server's field messages go under their fields; the notice says what happened.
          const data = err instanceof ApiError && err.status === 400 ? err.data : undefined;
          let outro: string | undefined;
          if (data && typeof data === 'object') {
            for (const [campo, msgs] of Object.entries(data)) {
              const msg = Array.isArray(msgs) && typeof msgs[0] === 'string' ? msgs[0] : undefined;
              if (!msg) continue;
              const alvo = CAMPO_DO_SERVIDOR[campo];
              if (alvo) cartao.form.setFieldError(alvo, msg);
              else outro ??= msg;
            }
          }
          falhou(outro);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(e) => void salvar(e)}>
      <Stack gap="md">
        <CartaoForm cartao={cartao} disabled={pendente} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pendente}>
            Cancelar
          </Button>
          <Button type="submit" loading={pendente}>
            Salvar cartão
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The profile's 'Cartões': the saved cards with add and delete (confirmed); editing is not offered. */
export function CartoesSection() {
  const cartoes = useCartoes();
  const remove = useDeleteCartao();
  const [novo, setNovo] = useState(false);
  const [excluindo, setExcluindo] = useState<CartaoSalvo | null>(null);

  const excluir = (c: CartaoSalvo) =>
    remove.mutate(c.id, {
      onSuccess: () => {
        setExcluindo(null);
        notifications.show({ color: 'green', message: MSG_CARTAO.cartaoRemovido });
      },
      onError: () => notifications.show({ color: 'red', message: MSG_CARTAO.erroExcluirCartao }),
    });

  return (
    <SecaoLista
      id="cartoes-titulo"
      titulo="Cartões"
      novo={{ rotulo: 'Novo cartão', onClick: () => setNovo(true) }}
      lista={cartoes}
      carregando={{ rotulo: 'Carregando cartões', alturas: [64] }}
      erro={MSG_CARTAO.erroObterCartoes}
      vazio={{
        titulo: MSG_CARTAO.nenhumCartao,
        dica: 'Salve um cartão para pagar os seus pedidos mais rápido.',
      }}
      item={(c) => (
        <Paper key={c.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconCreditCard size={24} aria-hidden="true" style={{ flexShrink: 0 }} />
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text fw={600}>{nomeBandeira(c.bandeira)}</Text>
                <Text size="sm" ff="monospace">
                  {c.numero}
                </Text>
                <Text size="sm" c="dimmed">
                  {c.titular}
                </Text>
              </div>
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => setExcluindo(c)}
              aria-label={`Excluir cartão ${descricao(c)}`}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Paper>
      )}
    >
      <AppModal opened={novo} onClose={() => setNovo(false)} title="Novo cartão" size="lg" centered>
        {novo && <NovoCartao onSalvo={() => setNovo(false)} onCancel={() => setNovo(false)} />}
      </AppModal>

      <ConfirmarExclusao
        titulo="Excluir cartão"
        pergunta={excluindo && `Deseja excluir o cartão ${descricao(excluindo)}?`}
        pendente={remove.isPending}
        onCancel={() => setExcluindo(null)}
        onConfirm={() => excluindo && excluir(excluindo)}
      />
    </SecaoLista>
  );
}
