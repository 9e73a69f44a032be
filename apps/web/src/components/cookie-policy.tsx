import { List, Stack, Text, Title } from '@mantine/core';

/** The cookie and device-storage policy, in Portuguese: what Rango keeps on the device and why. */
export function CookiePolicy() {
  return (
    <Stack gap="sm">
      <Text>
        O Rango não usa cookies de publicidade nem de rastreamento. Guardamos no seu navegador apenas o que é
        necessário para o site funcionar. Sem esses dados não é possível manter você conectado, lembrar o seu
        carrinho ou calcular a entrega, por isso eles precisam ser aceitos para usar o serviço.
      </Text>
      <Title order={3} size="h5">
        Cookie
      </Title>
      <List spacing={4} size="sm">
        <List.Item>
          <strong>is_cookies_aceitos</strong> — registra que você leu e aceitou este aviso, para que ele não
          apareça de novo. Dura 1 ano.
        </List.Item>
      </List>
      <Title order={3} size="h5">
        Armazenamento local (localStorage)
      </Title>
      <List spacing={4} size="sm">
        <List.Item>
          <strong>access_token</strong> e <strong>refresh_token</strong> — mantêm a sua sessão depois do
          login. São apagados quando você sai da conta.
        </List.Item>
        <List.Item>
          <strong>carrinho</strong> — os itens escolhidos, o restaurante e o cupom, para que o pedido não se
          perca se você fechar a página.
        </List.Item>
        <List.Item>
          <strong>endereco</strong> — o endereço de entrega escolhido, usado para calcular a taxa de entrega.
        </List.Item>
        <List.Item>
          <strong>filtro_estabelecimento</strong> — os filtros de categoria e cidade que você escolheu ao
          procurar restaurantes.
        </List.Item>
        <List.Item>
          <strong>caminho_estabelecimento_visitado</strong> e <strong>redirecionar</strong> — o último
          restaurante visitado e a página para a qual voltar depois do login.
        </List.Item>
        <List.Item>
          <strong>avatar</strong> — a foto do seu perfil quando você entra com Google ou Facebook.
        </List.Item>
        <List.Item>
          <strong>versao</strong> — a versão dos dados guardados; quando o site muda, limpamos dados antigos
          para evitar erros.
        </List.Item>
      </List>
      <Text size="sm">
        Esses dados ficam só no seu aparelho e não são vendidos nem compartilhados. Você pode apagá-los a
        qualquer momento nas configurações do navegador; nesse caso será preciso entrar de novo e o carrinho
        será esvaziado. Mais detalhes na Política de Privacidade.
      </Text>
    </Stack>
  );
}
