// The account feature's public face for the shell: the header's control (user menu or 'Entrar').
// Pages are lazy-loaded by the router from ./routes/*.
export { AccountControl } from './components/account-control.tsx';
