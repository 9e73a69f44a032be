// CONTRACT: the establishment helper implements the page (header, 'Mais Informações', search,
// category bar, product list, product drawer on ?item=). The router lazy-loads this module.
export { EstabelecimentoPage as default } from './routes/estabelecimento-page.tsx';
