/** 'R$ 100,00' never breaks between 'R$' and its digits: the space becomes a no-break space. */
export const semQuebraMoeda = (texto: string): string => texto.replace(/R\$ /g, 'R$\u00a0');
