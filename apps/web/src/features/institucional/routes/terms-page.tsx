import { PolicyPage } from '../components/policy-page.tsx';
import { termosEn } from '../content/terms-en.ts';
import { termosPt } from '../content/terms-pt.ts';

export default function TermsPage() {
  return <PolicyPage titulo="Termos de Uso" en={termosEn} pt={termosPt} />;
}
