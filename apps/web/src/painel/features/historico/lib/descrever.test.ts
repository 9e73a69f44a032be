import { describe, expect, it } from 'vitest';
import { descrever, type ItemAuditoria } from './descrever.ts';

const webhook = (acao: string, idfuncionario: number | null = 3): ItemAuditoria => ({
  id: 1,
  entidade: 'webhook',
  identidade: 7,
  acao,
  idfuncionario,
  funcionario: idfuncionario === null ? null : 'Dona Vila',
  dados: { url: 'https://pdv.example/rango' },
  criado_em: '2026-11-26T17:30:00Z',
});

describe('descrever: webhooks (Integrações)', () => {
  it('names the endpoint by its URL, the new secret and the server switching it off', () => {
    expect(descrever(webhook('criar'))).toBe('Criou o webhook “https://pdv.example/rango”');
    expect(descrever(webhook('segredo'))).toBe(
      'Gerou um novo segredo de assinatura para o webhook “https://pdv.example/rango”',
    );
    expect(descrever(webhook('desativar_falhas', null))).toBe(
      'Desativou o webhook “https://pdv.example/rango” depois de 3 dias de falhas nas entregas',
    );
  });
});
