import { PageTitle } from '../../components/page-title.tsx';

export default function Page() {
  return <PageTitle>configuracoes-page</PageTitle>;
}
