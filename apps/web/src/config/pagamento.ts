/**
 * What /aguardando-pagamento posts to its parent window when the bank's page returns there (spec
 * section 2): the tracking page's debit modal re-checks the order on it. One object for both sides.
 */
export const CALLBACK_PAGAMENTO = { type: 'rango:callback-carregado' } as const;
