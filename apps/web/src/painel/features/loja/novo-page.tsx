import { Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getEuQueryOptions } from '../../api/eu.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { painelPaths } from '../../paths.ts';
import { criarEstabelecimento } from './api.ts';
import { DadosForm } from './components/dados-secao.tsx';

const VAZIO = {
  apelidooufantasia: '',
  nomeourazaosocial: '',
  endereco: { rua: '', numero: '', bairro: '', complemento: null, cep: '', cidade: '', uf: '' },
  fones: [],
  pedidominimo: 0,
  previsaoentregamin: 30,
  previsaoentregamax: 50,
};

/**
 * /painel/novo: a new establishment, its creator its owner. It starts closed (no hours), with an
 * empty menu, no delivery areas and no payment methods: the next stop is 'Loja'.
 */
export default function NovoEstabelecimentoPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <PageTitle>Novo estabelecimento</PageTitle>
      <Text c="dimmed">
        Depois de criar, cadastre o horário, as áreas de entrega, as formas de pagamento e o cardápio.
      </Text>
      <Paper withBorder p="md" radius="md">
        <DadosForm
          inicial={VAZIO}
          botao="Criar estabelecimento"
          aviso="Estabelecimento criado."
          enviarComo={async (b) => {
            const c = await criarEstabelecimento(b);
            await qc.invalidateQueries({ queryKey: getEuQueryOptions().queryKey });
            void navigate(painelPaths.loja(c.id));
          }}
        />
      </Paper>
    </Stack>
  );
}
