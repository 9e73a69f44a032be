import { PageTitle } from '../../components/page-title.tsx';

export default function Page() {
  return <PageTitle>em-falta-page</PageTitle>;
}
