import { Text } from '@mantine/core';
import type { EnderecoLocal } from '@rango/domain';
import { enderecoCurto } from '../../../stores/endereco.ts';

/** 'Rua Haddock Lobo, 595 — Apto 12' over 'Cerqueira César, São Paulo - SP, 01414-001'. */
export function enderecoLinhas(e: EnderecoLocal): [string, string] {
  const complemento = e.complemento?.trim() ? ` — ${e.complemento.trim()}` : '';
  return [`${enderecoCurto(e)}${complemento}`, `${e.bairro}, ${e.cidade} - ${e.uf}, ${e.cep}`];
}

export function EnderecoResumo({ endereco }: { endereco: EnderecoLocal }) {
  const [linha1, linha2] = enderecoLinhas(endereco);
  return (
    <div>
      <Text fw={500}>{linha1}</Text>
      <Text size="sm" c="dimmed">
        {linha2}
      </Text>
      {endereco.detalhe?.trim() && (
        <Text size="sm" c="dimmed">
          Referência: {endereco.detalhe}
        </Text>
      )}
    </div>
  );
}
