import { Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { WEBHOOK_ASSINATURA, WEBHOOK_ID, WEBHOOK_TIPO } from '@rango/domain/painel/webhooks';

const EXEMPLO = `// Node.js: app.post('/rango', express.raw({ type: 'application/json' }), ...)
const { createHmac, timingSafeEqual } = require('node:crypto');

function assinaturaValida(segredo, cabecalho, corpoBruto) {
  const campos = Object.fromEntries(cabecalho.split(',').map((p) => p.split('=')));
  const t = Number(campos.t);
  if (Math.abs(Date.now() / 1000 - t) > 300) return false; // velha demais: recuse
  const esperado = createHmac('sha256', segredo).update(\`\${t}.\${corpoBruto}\`).digest();
  const recebido = Buffer.from(campos.v1 ?? '', 'hex');
  return recebido.length === esperado.length && timingSafeEqual(recebido, esperado);
}`;

/** How a receiver checks a delivery (the documented header). */
export function ComoVerificar() {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="como-verificar">
      <Stack gap="xs">
        <Title order={2} size="h3" id="como-verificar">
          Como verificar
        </Title>
        <Text size="sm">
          Cada aviso é um POST com um corpo JSON (<Code>id</Code>, <Code>tipo</Code>, <Code>criado_em</Code>,{' '}
          <Code>idestabelecimento</Code>, <Code>dados</Code>) e estes cabeçalhos:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <Code>{WEBHOOK_ASSINATURA}: t=&lt;segundos Unix&gt;,v1=&lt;assinatura&gt;</Code>: a assinatura é o
            HMAC-SHA256, em hexadecimal, com o segredo do webhook, sobre{' '}
            <Code>&lt;t&gt;.&lt;corpo bruto&gt;</Code>.
          </List.Item>
          <List.Item>
            <Code>{WEBHOOK_ID}</Code>: a chave do evento, a mesma em cada nova tentativa e reenvio. Guarde as
            que já processou e ignore as repetidas.
          </List.Item>
          <List.Item>
            <Code>{WEBHOOK_TIPO}</Code>: o tipo do evento.
          </List.Item>
        </List>
        <Text size="sm">
          Calcule a assinatura sobre os bytes exatos recebidos (antes de interpretar o JSON), compare em tempo
          constante e recuse um <Code>t</Code> com mais de 5 minutos de diferença do seu relógio. Responda 2xx
          em até 10 segundos; qualquer outra resposta (inclusive redirecionamento) é tentada de novo por 24
          horas.
        </Text>
        <Code block tabIndex={0}>
          {EXEMPLO}
        </Code>
      </Stack>
    </Paper>
  );
}
