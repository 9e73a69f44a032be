import { EMPRESA } from '../../../config/empresa.ts';
import type { Documento } from '../components/policy-document.tsx';

export const privacidadeEn: Documento = {
  lang: 'en',
  titulo: 'Privacy Policy',
  atualizado: `Last updated: ${EMPRESA.atualizadoEm.en}`,
  intro: [
    `This policy explains how ${EMPRESA.nome} handles your personal data when you order online from the restaurants that use the platform, under Brazil's General Data Protection Law (Law No. 13,709/2018 — LGPD).`,
  ],
  secoes: [
    {
      titulo: '1. Who the controller is',
      blocos: [
        `${EMPRESA.nome} is the controller of your account data and of the use of the website. Each restaurant is the controller of the order data it receives (for example, to prepare and deliver the food, issue invoices and assist you).`,
      ],
    },
    {
      titulo: '2. What data we collect',
      blocos: [
        [
          'Account: name, e-mail, phone number, password (stored only as a hash) and, when you provide it, your CPF.',
          'Social login: if you sign in with Google or Facebook, we receive the name, e-mail and profile picture you authorise.',
          'Delivery addresses: postal code (CEP), street, number, neighbourhood, city, state, complement and reference.',
          'Orders: items, notes, amounts, coupons, payment method, time and status history.',
          'Payments: for cards we keep only the token issued by the payment processor, the brand, the holder name, the holder CPF/CNPJ and the last 4 digits. Rango never stores the full card number or the security code (CVV); they go straight to the payment processor.',
          'Technical data: IP address, date and time of access and security logs, as required by the Brazilian Internet Act (Marco Civil da Internet).',
          'Device storage: session, cart, chosen address, data version and cookie consent (see section 9).',
        ],
      ],
    },
    {
      titulo: '3. Why we use it and on which legal basis',
      blocos: [
        [
          'Creating and keeping your account, receiving, charging and delivering orders — performance of a contract (LGPD art. 7, V).',
          'Preventing fraud and protecting your account and payments — legitimate interest and credit protection (art. 7, IX and X).',
          'Keeping access logs and tax records — compliance with a legal obligation (art. 7, II).',
          'Sending account confirmation, password recovery and order e-mails — performance of a contract.',
          'Social login and optional communications — consent, which you may withdraw at any time (art. 7, I).',
        ],
        'We do not sell your data and we do not use it for third-party advertising.',
      ],
    },
    {
      titulo: '4. Who we share it with',
      blocos: [
        [
          'The restaurant you order from: name, phone, delivery address, items and notes, to prepare and deliver the order.',
          'The payment processor (for example, Cielo) and the card networks and banks involved, to authorise the payment, including 3-D Secure authentication and PIX.',
          'Maps and postal-code services (such as ViaCEP and geocoding services), which receive the CEP or address to complete it and check the delivery area.',
          'Hosting and e-mail providers, which process data only on our instructions.',
          'Public authorities, under a court order or legal obligation.',
        ],
        'Some of these providers may process data outside Brazil; in that case we require adequate safeguards under LGPD art. 33.',
      ],
    },
    {
      titulo: '5. How long we keep it',
      blocos: [
        'Account data is kept while the account exists. When you delete your account we erase or anonymise your personal data, except what the law requires us to keep: access logs for 6 months (Marco Civil da Internet) and order and payment records for the period required by tax and consumer-protection law (generally 5 years).',
      ],
    },
    {
      titulo: '6. Your rights (LGPD art. 18)',
      blocos: [
        [
          'Confirm whether we process your data and access it.',
          'Correct incomplete, inaccurate or outdated data.',
          'Ask for anonymisation, blocking or deletion of unnecessary data or data processed against the law.',
          'Portability of your data to another provider.',
          'Deletion of data processed on the basis of your consent.',
          'Know who we share your data with.',
          'Know that you may refuse consent and what follows from refusing.',
          'Withdraw your consent.',
          'File a complaint with the National Data Protection Authority (ANPD).',
        ],
      ],
    },
    {
      titulo: '7. How to delete your account',
      blocos: [
        `You can delete your account at any time with the "Excluir Conta" (Delete Account) button in the Profile menu ("Alterar Dados"), or by asking support at ${EMPRESA.emailSuporte}. If you used Facebook login, you can also remove Rango's access in your Facebook settings; we will confirm the removal of the data.`,
      ],
    },
    {
      titulo: '8. Security',
      blocos: [
        'We use encrypted connections (HTTPS), strongly hashed passwords, short-lived sessions and restricted access to data. No system is entirely immune to incidents; should one occur that may bring you relevant risk, we will notify you and the ANPD.',
      ],
    },
    {
      titulo: '9. Cookies and device storage',
      blocos: [
        "We use only what the website needs to work: the cookie is_cookies_aceitos (remembers your consent for 1 year) and, in the browser's local storage, the session tokens (access_token and refresh_token), the cart (carrinho), the chosen address (endereco), search filters (filtro_estabelecimento), the last restaurant visited (caminho_estabelecimento_visitado), the page to return to after login (redirecionar), the profile picture (avatar) and the data version (versao). We use no advertising or tracking cookies. You can clear this data in your browser settings.",
      ],
    },
    {
      titulo: '10. Children',
      blocos: ['Rango is not intended for anyone under 18, who should order only with a parent or guardian.'],
    },
    {
      titulo: '11. Data Protection Officer (encarregado) and contact',
      blocos: [
        `To exercise your rights or ask about this policy, contact our Data Protection Officer at ${EMPRESA.emailEncarregado}. We answer within 15 days.`,
      ],
    },
    {
      titulo: '12. Changes to this policy',
      blocos: [
        'We may update this policy. The date at the top shows the current version; relevant changes will be announced on the website or by e-mail.',
      ],
    },
  ],
};
