import { PolicyPage } from '../components/policy-page.tsx';
import { privacidadeEn } from '../content/privacy-en.ts';
import { privacidadePt } from '../content/privacy-pt.ts';

export default function PrivacyPage() {
  return <PolicyPage titulo="Política de Privacidade" en={privacidadeEn} pt={privacidadePt} />;
}
