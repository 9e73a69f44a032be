import { List, Stack, Text, Title } from '@mantine/core';
import classes from './policy-document.module.css';

/** A paragraph, or a bulleted list when given as an array. */
export type Bloco = string | readonly string[];

export interface Secao {
  titulo: string;
  blocos: readonly Bloco[];
}

export interface Documento {
  /** The language of the text, so screen readers pronounce it right. */
  lang: 'en' | 'pt-BR';
  titulo: string;
  atualizado: string;
  intro: readonly string[];
  secoes: readonly Secao[];
}

/** Renders a policy as headings, paragraphs and lists; the texts stay plain data. */
export function PolicyDocument({ documento }: { documento: Documento }) {
  return (
    <Stack gap="md" lang={documento.lang} component="article">
      <Title order={2}>{documento.titulo}</Title>
      <Text size="sm" c="dimmed">
        {documento.atualizado}
      </Text>
      {documento.intro.map((p) => (
        <Text key={p}>{p}</Text>
      ))}
      {documento.secoes.map((secao) => (
        <Stack gap="xs" key={secao.titulo} component="section" className={classes.secao}>
          <Title order={3} size="h4">
            {secao.titulo}
          </Title>
          {secao.blocos.map((bloco, i) =>
            typeof bloco === 'string' ? (
              <Text key={i}>{bloco}</Text>
            ) : (
              <List key={i} spacing={4} withPadding>
                {bloco.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}
