import { Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { WEBHOOK_ASSINATURA, WEBHOOK_ID, WEBHOOK_TIPO } from '@rango/domain/painel/webhooks';

const EXEMPLO = `// Node.js: app.post('/rango', express.raw({ type: 'application/json' }), ...)
const { createHmac, timingSafeEqual } = require('node:crypto');

function assinaturaValida(segredo, cabecalho, corpoBruto) {
  const partes = cabecalho.split(',').map((p) => p.split('='));
  const t = Number(partes.find(([k]) => k === 't')?.[1]);
  if (!(Math.abs(Date.now() / 1000 - t) <= 300)) return false; // velha demais: recuse
  const esperado = createHmac('sha256', segredo).update(\`\${t}.\${corpoBruto}\`).digest();
  // Depois de gerar um novo segredo, por 24 h vêm dois v1 (o do novo e o do antigo).
  return partes.some(([k, v]) => {
    const recebido = Buffer.from(k === 'v1' ? v : '', 'hex');
    return recebido.length === esperado.length && timingSafeEqual(recebido, esperado);
  });
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
          <Code>idestabelecimento</Code>, <Code>dados</Code>; nos avisos de pedido, <Code>dados.pedido</Code>{' '}
          traz o pedido inteiro: itens, totais em centavos, primeiro nome do cliente, entrega ou retirada,
          pagamento, status e canal) e estes cabeçalhos:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <Code>{WEBHOOK_ASSINATURA}: t=&lt;segundos Unix&gt;,v1=&lt;assinatura&gt;</Code>: a assinatura é o
            HMAC-SHA256, em hexadecimal, com o segredo do webhook, sobre{' '}
            <Code>&lt;t&gt;.&lt;corpo bruto&gt;</Code>. Por 24 horas depois de gerar um novo segredo vêm duas
            entradas <Code>v1</Code> (a do segredo novo primeiro, depois a do antigo): aceite se qualquer uma
            conferir com o segredo que você tem, e troque o segredo no seu sistema nesse prazo.
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
