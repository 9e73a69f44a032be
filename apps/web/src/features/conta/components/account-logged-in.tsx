// A logged-in customer's header control in its own chunk: the customer query and its schema
// (the account forms' rules and messages ride along with it) never load for a visitor.
import { useCliente } from '../../../api/cliente.ts';
import { saudacao } from './saudacao.ts';
import UserMenu from './user-menu.tsx';

export default function AccountLoggedIn({ compact }: { compact: boolean }) {
  // A 401 that survives the refresh has already ended the session (lib/api-client.ts); any
  // other failure keeps it, and the greeting just stays 'Olá!'.
  const cliente = useCliente();
  return <UserMenu saudacao={saudacao(cliente.data?.nomeourazaosocial)} compact={compact} />;
}
