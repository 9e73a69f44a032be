import { PageTitle } from '../../components/page-title.tsx';

export default function LinkPage({ tipo }: { tipo: 'convite' | 'senha' }) {
  return <PageTitle>{tipo}</PageTitle>;
}
