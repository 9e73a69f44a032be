import '@mantine/core/styles/Tabs.css';
import { Container, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PolicyDocument, type Documento } from './policy-document.tsx';

/** Spec section 2: tabs 'English' (default) and 'Português'. */
export function PolicyPage({ titulo, en, pt }: { titulo: string; en: Documento; pt: Documento }) {
  useDocumentTitle(titulo);
  return (
    <Container size="md">
      <Title order={1} size="h2" mb="md">
        {titulo}
      </Title>
      {/* Only the open tab's text is rendered: by default the other stays mounted, rendered
          hidden after the first (a second long document's work at load, issue 14). */}
      <Tabs defaultValue="en" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="en" lang="en">
            English
          </Tabs.Tab>
          <Tabs.Tab value="pt">Português</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="en">
          <PolicyDocument documento={en} />
        </Tabs.Panel>
        <Tabs.Panel value="pt">
          <PolicyDocument documento={pt} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
