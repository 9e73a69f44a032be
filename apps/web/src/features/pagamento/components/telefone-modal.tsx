import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { maskTelefone, MSG_CONTA, MSG_PEDIDO, telefoneCheckoutValido, telefoneSemDdi } from '@rango/domain';
import { useState, type FormEvent } from 'react';
import { AppModal } from '../../../shared/components/app-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateTelefone } from '../api/update-telefone.ts';

const digitos = (v: string) => v.replace(/\D/g, '');

interface TelefoneModalProps {
  opened: boolean;
  idCliente: number;
  inicial: string;
  /** A server error on `telefone` from the order answer, shown on the field. */
  erroInicial?: string | null;
  onClose: () => void;
  /** Saved: the order continues with these digits. */
  onSalvo: (telefone: string) => void;
}

/**
 * The phone prompt (spec section 5): checkout needs 10 or 11 digits. Saved to the profile with
 * PATCH /controle/cliente/{id}/ like 'Dados do cadastro' does, then the order goes on.
 */
export function TelefoneModal({
  opened,
  idCliente,
  inicial,
  erroInicial,
  onClose,
  onSalvo,
}: TelefoneModalProps) {
  const [valor, setValor] = useState(() => maskTelefone(inicial));
  const [erro, setErro] = useState<string | null>(erroInicial ?? null);
  const salvar = useUpdateTelefone();

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (salvar.isPending) return;
    const telefone = digitos(valor);
    if (!telefoneCheckoutValido(telefone)) {
      setErro(telefone === '' ? MSG_CONTA.telefoneObrigatorio : MSG_CONTA.telefoneInvalido);
      return;
    }
    salvar.mutate(
      { id: idCliente, telefone },
      {
        onSuccess: () => onSalvo(telefone),
        onError: (error) => setErro(error instanceof ApiError ? error.message : MSG_CONTA.erroAtualizarDados),
      },
    );
  }

  return (
    <AppModal opened={opened} onClose={onClose} title={MSG_PEDIDO.telefoneCheckoutTitulo} centered>
      <form noValidate onSubmit={enviar}>
        <Stack gap="md">
          <Text size="sm">{MSG_PEDIDO.telefoneCheckoutTexto}</Text>
          <TextInput
            label="Telefone"
            type="tel"
            autoComplete="tel"
            inputMode="numeric"
            placeholder="(99) 99999-9999"
            maxLength={15}
            withAsterisk
            data-autofocus
            value={valor}
            error={erro}
            onChange={(e) => {
              setValor(maskTelefone(e.currentTarget.value));
              if (erro) setErro(null);
            }}
            onPaste={(e) => {
              const nacional = telefoneSemDdi(e.clipboardData.getData('text'));
              if (nacional === null) return;
              e.preventDefault();
              setValor(maskTelefone(nacional));
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={salvar.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={salvar.isPending}>
              Salvar e finalizar
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
