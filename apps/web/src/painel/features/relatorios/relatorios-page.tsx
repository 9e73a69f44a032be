import { PageTitle } from '../../components/page-title.tsx';

/** /painel/:id/relatorios (owner): the sales report. */
export default function RelatoriosPage() {
  return <PageTitle>Relatórios</PageTitle>;
}
