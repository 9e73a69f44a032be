// The rate limits of a person's account actions (sign-up, recovery, links, social sign-in, the data
// download): the customers' routes apply them, and the staff's routes reuse the recovery and link
// ones. Here, below both modules, so staff does not import customers (issue 21: no module
// imports one that depends on it).

/**
 * Sign-up per IP + e-mail (resending a link) and per IP (mass sign-ups); recovery likewise per
 * IP + e-mail and per IP (a limit per e-mail alone would let anyone block a victim's recovery; the
 * price: many IPs can send one address more reset mails); link opening per IP (tokens are
 * 256-bit, so this only bounds the load of guessing).
 */
export const CUSTOMER_LIMITS = {
  cadastroEmail: { max: 5, windowSeconds: 60 * 60 },
  cadastroIp: { max: 20, windowSeconds: 60 * 60 },
  recuperarIpEmail: { max: 5, windowSeconds: 60 * 60 },
  recuperarIp: { max: 20, windowSeconds: 60 * 60 },
  link: { max: 30, windowSeconds: 10 * 60 },
  social: { max: 30, windowSeconds: 60 },
  /** 'Baixar meus dados' (issue 14): a heavy read a person needs now and then, not in a loop. */
  meusDados: { max: 5, windowSeconds: 60 * 60 },
} as const;
