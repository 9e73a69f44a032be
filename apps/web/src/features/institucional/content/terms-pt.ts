import { EMPRESA } from '../../../config/empresa.ts';
import type { Documento } from '../components/policy-document.tsx';

export const termosPt: Documento = {
  lang: 'pt-BR',
  titulo: 'Termos de Uso',
  atualizado: `Última atualização: ${EMPRESA.atualizadoEm.pt}`,
  intro: [
    `Estes termos regem o uso do ${EMPRESA.nome} para fazer pedidos online. Ao criar uma conta ou fazer um pedido, você concorda com eles e com a Política de Privacidade.`,
  ],
  secoes: [
    {
      titulo: '1. O serviço',
      blocos: [
        `O ${EMPRESA.nome} é uma plataforma que permite fazer pedidos diretamente no cardápio online de cada restaurante, pagar online ou na entrega e acompanhar o pedido. O ${EMPRESA.nome} não prepara, não vende e não entrega os produtos: quem vende é o restaurante.`,
      ],
    },
    {
      titulo: '2. Sua conta',
      blocos: [
        [
          'Você precisa ter pelo menos 18 anos, ou usar a conta com um responsável, e informar dados verdadeiros.',
          'Você é responsável por manter sua senha em sigilo e pelos pedidos feitos com a sua conta.',
          'Você pode excluir sua conta a qualquer momento em "Excluir Conta" no menu Perfil.',
        ],
      ],
    },
    {
      titulo: '3. Pedidos e pagamentos',
      blocos: [
        [
          'Preços, ofertas, taxa de entrega, pedido mínimo, horário de funcionamento e área de entrega são definidos por cada restaurante e confirmados no momento do pedido.',
          'O pedido é uma oferta de compra ao restaurante e só é considerado aceito quando o restaurante o confirma.',
          'Pagamentos online (cartão de crédito, débito com autenticação 3-D Secure e PIX) são processados por uma processadora de pagamentos; o Rango não armazena o número completo do cartão nem o CVV.',
          'No pagamento na entrega, você paga diretamente ao restaurante ou ao entregador.',
          'Cupons de desconto seguem as regras de cada campanha e podem ter limite de valor e validade.',
        ],
      ],
    },
    {
      titulo: '4. Cancelamentos e reembolsos',
      blocos: [
        'Antes de o restaurante confirmar o pedido, fale com o restaurante para cancelar. Se o restaurante cancelar o pedido, os pagamentos online são estornados automaticamente; o prazo para o valor aparecer na fatura ou conta depende do banco ou da operadora do cartão. Problemas com o produto recebido (item faltando, errado ou em más condições) devem ser tratados com o restaurante, que é o fornecedor, conforme o Código de Defesa do Consumidor.',
      ],
    },
    {
      titulo: '5. Responsabilidade do restaurante',
      blocos: [
        'O restaurante é o único responsável pelos produtos: qualidade, higiene, informação sobre ingredientes e alergênicos, preparo, embalagem, prazo e entrega, bem como pela emissão do documento fiscal. Em caso de alergia ou restrição alimentar, confirme com o restaurante antes de pedir.',
      ],
    },
    {
      titulo: '6. Uso aceitável',
      blocos: [
        [
          'Não faça pedidos falsos, não use cartões ou dados de terceiros sem autorização e não tente fraudar cupons ou pagamentos.',
          'Não tente acessar contas de outras pessoas, sobrecarregar, copiar em massa ou contornar a segurança do site.',
          'Trate restaurantes e entregadores com respeito nos comentários e observações.',
        ],
        'Podemos suspender ou encerrar contas que violem estes termos.',
      ],
    },
    {
      titulo: '7. Limitação de responsabilidade',
      blocos: [
        `O ${EMPRESA.nome} se esforça para manter o site disponível e correto, mas ele pode ter interrupções para manutenção ou por falhas de terceiros (internet, processadora de pagamentos, serviços de mapas). Na extensão permitida pela lei, o ${EMPRESA.nome} não responde por danos causados pelos produtos do restaurante nem por atos de terceiros, sem prejuízo dos direitos que o Código de Defesa do Consumidor garante a você.`,
      ],
    },
    {
      titulo: '8. Alterações',
      blocos: [
        'Podemos alterar estes termos. A versão em vigor é a publicada nesta página; mudanças relevantes serão avisadas com antecedência.',
      ],
    },
    {
      titulo: '9. Lei aplicável e foro',
      blocos: [
        `Estes termos são regidos pelas leis do Brasil. Fica eleito o foro do domicílio do consumidor; não sendo o caso de relação de consumo, o foro da comarca de ${EMPRESA.foro}.`,
        `Dúvidas: ${EMPRESA.emailSuporte}.`,
      ],
    },
  ],
};
