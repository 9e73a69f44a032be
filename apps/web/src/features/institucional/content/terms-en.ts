import { EMPRESA } from '../../../config/empresa.ts';
import type { Documento } from '../components/policy-document.tsx';

export const termosEn: Documento = {
  lang: 'en',
  titulo: 'Terms of Use',
  atualizado: `Last updated: ${EMPRESA.atualizadoEm.en}`,
  intro: [
    `These terms govern the use of ${EMPRESA.nome} to place orders online. By creating an account or placing an order you agree to them and to the Privacy Policy.`,
  ],
  secoes: [
    {
      titulo: '1. The service',
      blocos: [
        `${EMPRESA.nome} is a platform for ordering directly from each restaurant's online menu, paying online or on delivery, and following the order. ${EMPRESA.nome} does not prepare, sell or deliver the products: the restaurant is the seller.`,
      ],
    },
    {
      titulo: '2. Your account',
      blocos: [
        [
          'You must be at least 18 years old, or use the account with a parent or guardian, and provide truthful information.',
          'You are responsible for keeping your password secret and for the orders placed with your account.',
          'You can delete your account at any time with "Excluir Conta" (Delete Account) in the Profile menu.',
        ],
      ],
    },
    {
      titulo: '3. Orders and payments',
      blocos: [
        [
          'Prices, offers, delivery fee, minimum order, opening hours and delivery area are set by each restaurant and confirmed when you order.',
          'An order is an offer to buy from the restaurant and is accepted only when the restaurant confirms it.',
          'Online payments (credit card, debit with 3-D Secure authentication, and PIX) are handled by a payment processor; Rango does not store the full card number or the CVV.',
          'When paying on delivery, you pay the restaurant or its courier directly.',
          'Discount coupons follow the rules of each campaign and may have a cap and an expiry date.',
        ],
      ],
    },
    {
      titulo: '4. Cancellations and refunds',
      blocos: [
        'Before the restaurant confirms the order, contact the restaurant to cancel. If the restaurant cancels the order, online payments are refunded automatically; how long the refund takes to show depends on your bank or card issuer. Problems with the products received (missing, wrong or damaged items) are handled by the restaurant, as the supplier, under the Brazilian Consumer Protection Code.',
      ],
    },
    {
      titulo: "5. The restaurant's responsibility",
      blocos: [
        'The restaurant alone is responsible for the products: quality, hygiene, information on ingredients and allergens, preparation, packaging, timing and delivery, and for issuing the tax receipt. If you have an allergy or dietary restriction, check with the restaurant before ordering.',
      ],
    },
    {
      titulo: '6. Acceptable use',
      blocos: [
        [
          "Do not place fake orders, use other people's cards or data without authorisation, or attempt coupon or payment fraud.",
          "Do not try to access other people's accounts, overload, scrape or get around the website's security.",
          'Treat restaurants and couriers with respect in comments and notes.',
        ],
        'We may suspend or close accounts that break these terms.',
      ],
    },
    {
      titulo: '7. Limitation of liability',
      blocos: [
        `${EMPRESA.nome} strives to keep the website available and accurate, but it may be interrupted for maintenance or by third-party failures (internet, payment processor, maps services). To the extent permitted by law, ${EMPRESA.nome} is not liable for damage caused by the restaurant's products or by third parties' acts, without prejudice to your rights under the Consumer Protection Code.`,
      ],
    },
    {
      titulo: '8. Changes',
      blocos: [
        'We may change these terms. The version in force is the one published on this page; relevant changes will be announced in advance.',
      ],
    },
    {
      titulo: '9. Governing law and forum',
      blocos: [
        `These terms are governed by the laws of Brazil. The courts of the consumer's domicile have jurisdiction; where no consumer relationship exists, the courts of ${EMPRESA.foro}.`,
        `Questions: ${EMPRESA.emailSuporte}.`,
      ],
    },
  ],
};
