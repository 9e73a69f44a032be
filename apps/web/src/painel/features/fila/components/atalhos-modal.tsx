import { Kbd, Table } from '@mantine/core';
import { AppModal } from '../../../../shared/components/app-modal.tsx';

const ATALHOS: [string[], string][] = [
  [['J', '↓'], 'Próximo pedido'],
  [['K', '↑'], 'Pedido anterior'],
  [['H', '←', 'L', '→'], 'Coluna anterior / seguinte'],
  [['1', '…', '7'], 'Ir para a coluna (Novos … Cancelados)'],
  [['Enter'], 'Abrir o pedido'],
  [['O'], 'Ok, vi (parar o som dos novos pedidos)'],
  [['A'], 'Aceitar (no pedido aberto)'],
  [['P'], 'Pronto'],
  [['S'], 'Saiu para entrega'],
  [['C'], 'Entregue / Concluído'],
  [['X'], 'Cancelar'],
  [['I'], 'Imprimir o cupom'],
  [['Esc'], 'Fechar o pedido ou a janela'],
  [['?'], 'Mostrar estes atalhos'],
];

export function AtalhosModal({ onClose }: { onClose: () => void }) {
  return (
    <AppModal opened onClose={onClose} title="Atalhos do teclado" centered size="md">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Tecla</Table.Th>
            <Table.Th scope="col">Ação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ATALHOS.map(([teclas, acao]) => (
            <Table.Tr key={acao}>
              <Table.Td>
                {teclas.map((t, i) => (
                  <span key={t + i}>
                    {i > 0 ? ' ' : null}
                    {t === '…' ? t : <Kbd>{t}</Kbd>}
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{acao}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </AppModal>
  );
}
