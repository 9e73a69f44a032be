import '@mantine/core/styles/Table.css';
import { Collapse, List, SimpleGrid, Stack, Table, Text, Title, Anchor } from '@mantine/core';
import { MSG, hoursByWeekday, type EstabelecimentoDetalhe, type FormaPgto } from '@rango/domain';

interface Props {
  detalhe: EstabelecimentoDetalhe;
  formasPgto: FormaPgto[] | undefined;
  formasPgtoErro: string | null;
  aberto: boolean;
  painelId: string;
}

function enderecoLinhas(detalhe: EstabelecimentoDetalhe): string[] {
  const e = detalhe.estabelecimento.endereco;
  const rua = [e.rua, e.numero].filter(Boolean).join(', ');
  const complemento = e.complemento ? ` — ${e.complemento}` : '';
  return [
    `${rua}${complemento}`,
    `${e.bairro}, ${e.cidade.descricao} - ${e.cidade.uf.sigla}`,
    `CEP ${e.cep}`,
  ];
}

/** '00:00 às 00:00' (a period that runs a full day) reads better as 'Aberto 24 horas'. */
function periodoTexto(periodo: string): string {
  const [abre, fecha] = periodo.split(' às ');
  return abre !== undefined && abre === fecha ? 'Aberto 24 horas' : periodo;
}

/** The panel of 'Mais Informações': its own chunk, loaded when the customer first opens it. */
export function MaisInformacoesPainel({ detalhe, formasPgto, formasPgtoErro, aberto, painelId }: Props) {
  const fones = detalhe.estabelecimento.fone_set;
  return (
    <Collapse expanded={aberto} id={painelId}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" py="sm">
        <Stack gap="xs">
          <Title order={3} fz="sm">
            Endereço
          </Title>
          <Text size="sm">
            {enderecoLinhas(detalhe).map((l) => (
              <span key={l} style={{ display: 'block' }}>
                {l}
              </span>
            ))}
          </Text>
          <Title order={3} fz="sm" mt="xs">
            Telefones
          </Title>
          {fones.length > 0 ? (
            <List size="sm" listStyleType="none" spacing={2}>
              {fones.map((f) => (
                <List.Item key={f.numero}>
                  <Anchor href={`tel:${f.numero.replace(/[^\d+]/g, '')}`}>{f.numero}</Anchor>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              Nenhum telefone informado.
            </Text>
          )}
          <Title order={3} fz="sm" mt="xs">
            Formas de pagamento
          </Title>
          {formasPgtoErro ? (
            <Text size="sm" c="red.8">
              {formasPgtoErro}
            </Text>
          ) : formasPgto === undefined ? (
            <Text size="sm" c="dimmed">
              Carregando…
            </Text>
          ) : formasPgto.length === 0 ? (
            <Text size="sm">{MSG.nenhumMeioPagamento}</Text>
          ) : (
            <List size="sm" spacing={2}>
              {formasPgto.map((f) => (
                <List.Item key={f.idformapgto}>{f.descricao}</List.Item>
              ))}
            </List>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="sm">
            Horário de funcionamento
          </Title>
          <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm" w="auto">
            <Table.Tbody>
              {hoursByWeekday(detalhe.horariofuncionamento_set).map((d) => (
                <Table.Tr key={d.dia}>
                  <Table.Th scope="row" fw={500} pr="md">
                    {d.nome}
                  </Table.Th>
                  <Table.Td>
                    {d.periodos.length > 0 ? d.periodos.map(periodoTexto).join(', ') : 'Fechado'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </SimpleGrid>
    </Collapse>
  );
}
