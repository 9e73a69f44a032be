import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ARQUIVO_MEUS_DADOS } from '../api/meus-dados.ts';

const TITULO = 'Seus dados';

/** One kind of data: what it is, and why it is kept. */
function Item({ nome, children }: { nome: string; children: ReactNode }) {
  return (
    <List.Item>
      <Text span fw={700}>
        {nome}:
      </Text>{' '}
      {children}
    </List.Item>
  );
}

function Secao({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {titulo}
        </Title>
        {children}
      </Stack>
    </section>
  );
}

/**
 * /cliente/seus-dados (issue 14, LGPD): what Rango keeps about a customer and why, how to
 * download it, and what stays after the account is deleted (the orders, for the restaurant's
 * records, without personal data). Mirrors the server's erasure (customers/repository.ts erase).
 */
export function SeusDadosPage() {
  useDocumentTitle(TITULO);
  return (
    <Container size="sm" px={{ base: 'sm', sm: 'md' }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={1} size="h2">
              {TITULO}
            </Title>
            <Text>
              Aqui você vê quais dados pessoais o Rango guarda, para que servem e o que acontece com eles
              quando você exclui a sua conta, como prevê a Lei Geral de Proteção de Dados (LGPD, Lei nº
              13.709/2018).
            </Text>
          </Stack>

          <Secao id="guardamos-titulo" titulo="O que guardamos enquanto você tem conta">
            <List spacing="xs">
              <Item nome="Cadastro">
                nome, e-mail, telefone e CPF, para identificar você e para o restaurante falar com você sobre
                os pedidos.
              </Item>
              <Item nome="Endereços">para calcular a taxa de entrega e entregar os pedidos.</Item>
              <Item nome="Cartões salvos">
                só a bandeira, os 4 últimos dígitos e o nome e o CPF do titular, com um código do processador
                de pagamentos que permite cobrar de novo. O número completo do cartão e o código de segurança
                (CVV) nunca são guardados.
              </Item>
              <Item nome="Pedidos">
                itens, valores, forma de pagamento, endereço de entrega, observações e a situação de cada
                pedido, para o restaurante preparar, entregar e prestar contas.
              </Item>
              <Item nome="Pagamentos online">
                valor, forma (crédito, débito ou PIX) e situação; em cartões, também a bandeira e os 4 últimos
                dígitos.
              </Item>
              <Item nome="Consentimentos">
                quando você confirmou o e-mail, pediu para salvar um cartão ou vinculou o login do Google ou
                do Facebook.
              </Item>
              <Item nome="Histórico de acesso">
                quando você entrou na conta e até quando cada acesso vale, para proteger a conta (redefinir a
                senha encerra todos eles).
              </Item>
              <Item nome="E-mails enviados">
                as mensagens de confirmação de cadastro e de recuperação de senha que enviamos a você. Na
                cópia para download vão o assunto e as datas, não os links (eles dão acesso à conta).
              </Item>
            </List>
          </Secao>

          <Secao id="copia-titulo" titulo="Uma cópia de tudo">
            <Text>
              Em{' '}
              <Anchor component={Link} to="/cliente">
                Dados do cadastro
              </Anchor>
              , o botão “Baixar meus dados” gera o arquivo {ARQUIVO_MEUS_DADOS} com todos esses dados, num
              formato que outros programas conseguem ler. Só você, entrando na sua conta, pode baixá-lo, até 5
              vezes por hora.
            </Text>
          </Secao>

          <Secao id="exclusao-titulo" titulo="Quando você exclui a conta">
            <Text>
              Apagamos na hora: nome, e-mail, telefone, CPF, senha, endereços, cartões salvos, logins do
              Google e do Facebook, histórico de acesso e os e-mails que enviamos a você.
            </Text>
            <Text>O que continua guardado, e por quê:</Text>
            <List spacing="xs">
              <Item nome="Os pedidos já feitos">
                o restaurante precisa deles nos seus registros fiscais e contábeis, porque são vendas que ele
                fez. Ficam sem os seus dados pessoais: sem nome, telefone, CPF, rua, número, CEP, complemento
                e observações. Ficam os itens, os valores, as datas, a situação e o bairro, a cidade e o
                estado da entrega.
              </Item>
              <Item nome="Os pagamentos desses pedidos">
                valor, forma, situação e, em cartões, a bandeira e os 4 últimos dígitos, para conferir as
                contas com o processador de pagamentos e devolver valores quando for preciso. Sem o nome e o
                CPF do titular.
              </Item>
              <Item nome="O uso de cupons">para que os limites de uso de cada cupom continuem valendo.</Item>
              <Item nome="Um registro de que a conta existiu">
                só com as datas de criação e de exclusão, sem nenhum dado pessoal: é o que mantém os pedidos
                acima ligados entre si.
              </Item>
              <Item nome="Avisos de andamento dos pedidos">
                registros técnicos como “pedido confirmado”, sem dados pessoais, apagados automaticamente em
                cerca de 24 horas.
              </Item>
              <Item nome="Contadores contra abuso">
                por exemplo, de tentativas de entrar na conta, guardados só como um código irreversível que
                não identifica ninguém.
              </Item>
            </List>
            <Text>
              Para excluir a conta, use “Excluir Conta” em{' '}
              <Anchor component={Link} to="/cliente">
                Dados do cadastro
              </Anchor>
              . Mais detalhes na{' '}
              <Anchor component={Link} to="/privacy">
                Política de Privacidade
              </Anchor>
              .
            </Text>
          </Secao>
        </Stack>
      </Paper>
    </Container>
  );
}
