import { Table } from '@mantine/core';
import { formatBRL } from '@rango/domain';
import type { Relatorio } from '@rango/domain/painel/relatorio';
import classes from './por-hora.module.css';
import { Rolagem } from './rolagem.tsx';

const hh = (h: number) => `${String(h).padStart(2, '0')}h`;

/**
 * Orders per hour of day (São Paulo) as 24 bars in plain CSS, with the same figures as a table
 * below ('Ver como tabela'): the chart is one image with a summary for a screen reader.
 */
export function PorHora({ horas }: { horas: Relatorio['porHora'] }) {
  const max = Math.max(1, ...horas.map((h) => h.pedidos));
  const pico = horas.reduce((a, b) => (b.pedidos > a.pedidos ? b : a), horas[0]!);
  const resumo =
    pico.pedidos > 0
      ? `Gráfico de pedidos por hora. Horário de pico: ${hh(pico.hora)}, com ${pico.pedidos} pedido${pico.pedidos > 1 ? 's' : ''}.`
      : 'Gráfico de pedidos por hora: nenhum pedido.';
  return (
    <>
      <div className={classes.grafico} role="img" aria-label={resumo}>
        {horas.map((h) => (
          <div
            key={h.hora}
            className={classes.coluna}
            title={`${hh(h.hora)}: ${h.pedidos} pedidos, ${formatBRL(h.receita)}`}
          >
            <div className={classes.barraArea}>
              <div className={classes.barra} style={{ height: `${(h.pedidos / max) * 100}%` }} />
            </div>
            <span className={classes.rotulo} aria-hidden="true">
              {h.hora % 3 === 0 ? hh(h.hora) : ''}
            </span>
          </div>
        ))}
      </div>
      <details className={classes.detalhes}>
        <summary>Ver como tabela</summary>
        <Rolagem rotulo="Pedidos por hora">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Hora</Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Pedidos
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Receita
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {horas.map((h) => (
                <Table.Tr key={h.hora}>
                  <Table.Th scope="row" fw="normal">
                    {hh(h.hora)}
                  </Table.Th>
                  <Table.Td className={classes.num}>{h.pedidos}</Table.Td>
                  <Table.Td className={classes.num}>{formatBRL(h.receita)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Rolagem>
      </details>
    </>
  );
}
