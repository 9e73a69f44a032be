import { EMPRESA } from '../../../config/empresa.ts';
import type { Documento } from '../components/policy-document.tsx';

export const privacidadePt: Documento = {
  lang: 'pt-BR',
  titulo: 'Política de Privacidade',
  atualizado: `Última atualização: ${EMPRESA.atualizadoEm.pt}`,
  intro: [
    `Esta política explica como o ${EMPRESA.nome} trata os seus dados pessoais quando você faz pedidos online nos restaurantes que usam a plataforma, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018 — LGPD).`,
  ],
  secoes: [
    {
      titulo: '1. Quem é o controlador',
      blocos: [
        `O ${EMPRESA.nome} é o controlador dos dados da sua conta e do uso do site. Cada restaurante é controlador dos dados do pedido que recebe (por exemplo, para preparar e entregar a comida, emitir nota fiscal e atender você).`,
      ],
    },
    {
      titulo: '2. Quais dados coletamos',
      blocos: [
        [
          'Cadastro: nome, e-mail, telefone, senha (guardada apenas como hash) e, quando você informa, CPF.',
          'Login social: se você entra com Google ou Facebook, recebemos nome, e-mail e foto de perfil autorizados por você.',
          'Endereços de entrega: CEP, rua, número, bairro, cidade, UF, complemento e referência.',
          'Pedidos: itens, observações, valores, cupons, forma de pagamento, horário e histórico de status.',
          'Pagamentos: para cartões guardamos apenas o token fornecido pela processadora, a bandeira, o nome do titular, o CPF/CNPJ do titular e os 4 últimos dígitos. O número completo do cartão e o código de segurança (CVV) nunca são armazenados pelo Rango; eles vão direto para a processadora de pagamentos.',
          'Dados técnicos: endereço IP, data e hora de acesso e registros de segurança, como exige o Marco Civil da Internet.',
          'Armazenamento no aparelho: sessão, carrinho, endereço escolhido, versão dos dados e o aceite de cookies (veja a seção 9).',
        ],
      ],
    },
    {
      titulo: '3. Para que usamos e com qual base legal',
      blocos: [
        [
          'Criar e manter sua conta, receber, pagar e entregar pedidos — execução de contrato (art. 7º, V, da LGPD).',
          'Prevenir fraudes e proteger sua conta e os pagamentos — legítimo interesse e proteção do crédito (art. 7º, IX e X).',
          'Guardar registros de acesso e documentos fiscais — cumprimento de obrigação legal (art. 7º, II).',
          'Enviar e-mails de confirmação de conta, recuperação de senha e avisos do pedido — execução de contrato.',
          'Login social e comunicações opcionais — consentimento, que você pode retirar a qualquer momento (art. 7º, I).',
        ],
        'Não vendemos seus dados e não os usamos para publicidade de terceiros.',
      ],
    },
    {
      titulo: '4. Com quem compartilhamos',
      blocos: [
        [
          'O restaurante do seu pedido: nome, telefone, endereço de entrega, itens e observações, para preparar e entregar o pedido.',
          'A processadora de pagamentos (por exemplo, Cielo) e as bandeiras e bancos envolvidos, para autorizar o pagamento, inclusive a autenticação 3-D Secure e o PIX.',
          'Serviços de mapas e de CEP (como ViaCEP e serviços de geocodificação), que recebem o CEP ou o endereço para completar o cadastro e verificar a área de entrega.',
          'Provedores de hospedagem e de envio de e-mails, que tratam os dados apenas sob nossas instruções.',
          'Autoridades públicas, quando houver ordem judicial ou obrigação legal.',
        ],
        'Alguns desses fornecedores podem processar dados fora do Brasil; nesses casos exigimos garantias adequadas, conforme o art. 33 da LGPD.',
      ],
    },
    {
      titulo: '5. Por quanto tempo guardamos',
      blocos: [
        'Os dados da conta ficam guardados enquanto ela existir. Ao excluir a conta, apagamos ou anonimizamos os dados pessoais, exceto o que a lei nos obriga a manter: registros de acesso por 6 meses (Marco Civil da Internet) e dados de pedidos e pagamentos pelo prazo exigido pela legislação fiscal e de defesa do consumidor (em geral, 5 anos).',
      ],
    },
    {
      titulo: '6. Seus direitos (art. 18 da LGPD)',
      blocos: [
        [
          'Confirmar se tratamos seus dados e ter acesso a eles.',
          'Corrigir dados incompletos, inexatos ou desatualizados.',
          'Pedir anonimização, bloqueio ou eliminação de dados desnecessários ou tratados em desacordo com a lei.',
          'Portabilidade dos dados a outro fornecedor.',
          'Eliminação dos dados tratados com base no seu consentimento.',
          'Saber com quem compartilhamos seus dados.',
          'Saber que pode não consentir e quais as consequências disso.',
          'Revogar o consentimento.',
          'Apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
        ],
      ],
    },
    {
      titulo: '7. Como excluir sua conta',
      blocos: [
        `Você pode excluir sua conta a qualquer momento pelo botão "Excluir Conta" no menu Perfil ("Alterar Dados"), ou pedindo ao suporte pelo e-mail ${EMPRESA.emailSuporte}. Se você usou o login do Facebook, também pode remover o acesso do Rango nas configurações do Facebook; confirmaremos a remoção dos dados.`,
      ],
    },
    {
      titulo: '8. Segurança',
      blocos: [
        'Usamos conexão criptografada (HTTPS), senhas com hash forte, sessões de curta duração e acesso restrito aos dados. Nenhum sistema é totalmente imune a incidentes; se ocorrer algum que possa causar risco relevante, avisaremos você e a ANPD.',
      ],
    },
    {
      titulo: '9. Cookies e armazenamento no aparelho',
      blocos: [
        'Usamos apenas o necessário para o site funcionar: o cookie is_cookies_aceitos (lembra o aceite do aviso por 1 ano) e, no armazenamento local do navegador, os tokens da sessão (access_token e refresh_token), o carrinho (carrinho), o endereço escolhido (endereco), os filtros de busca (filtro_estabelecimento), o último restaurante visitado (caminho_estabelecimento_visitado), a página para voltar após o login (redirecionar), a foto do perfil (avatar) e a versão dos dados (versao). Não usamos cookies de publicidade ou rastreamento. Você pode apagar esses dados nas configurações do navegador.',
      ],
    },
    {
      titulo: '10. Crianças',
      blocos: [
        'O Rango não é destinado a menores de 18 anos, que só devem fazer pedidos com um responsável.',
      ],
    },
    {
      titulo: '11. Encarregado (DPO) e contato',
      blocos: [
        `Para exercer seus direitos ou tirar dúvidas sobre esta política, fale com o nosso encarregado pelo tratamento de dados pessoais pelo e-mail ${EMPRESA.emailEncarregado}. Respondemos em até 15 dias.`,
      ],
    },
    {
      titulo: '12. Mudanças nesta política',
      blocos: [
        'Podemos atualizar esta política. A data no topo indica a versão atual; mudanças relevantes serão avisadas no site ou por e-mail.',
      ],
    },
  ],
};
