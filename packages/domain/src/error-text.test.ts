import { describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';

describe('errorText (spec section 8, row by row)', () => {
  it.each([
    ['no answer: the request message', { message: 'Falhou' }, 'Falhou'],
    [
      'no answer, no message',
      {},
      'Não foi possível conectar ao servidor. Verifique sua internet e tente novamente.',
    ],
    ['400 bare', { status: 400 }, 'Requisição mal formada'],
    ['400 non_field_errors', { status: 400, data: { non_field_errors: ['Cupom vencido'] } }, 'Cupom vencido'],
    [
      '400 non_field_errors objects',
      { status: 400, data: { non_field_errors: [{ codigo: 1201, msg: 'X indisponível' }] } },
      'X indisponível',
    ],
    [
      '400 named field',
      { status: 400, data: { email: ['Digite um email válido.'] } },
      'Digite um email válido.',
    ],
    ['401', { status: 401, data: {} }, 'Não autorizado'],
    ['404', { status: 404 }, 'Rota não encontrada'],
    ['405', { status: 405 }, 'Sem permissão'],
    ['422', { status: 422 }, 'Requisição inválida'],
    ['500', { status: 500 }, 'Tivemos um probleminha, tente novamente depois.'],
    ['503', { status: 503, message: 'x' }, 'Tivemos um probleminha, tente novamente depois.'],
    ['418 falls back to the request message', { status: 418, message: 'teapot' }, 'teapot'],
    ['418 with nothing', { status: 418 }, 'Erro não identificado'],
    [
      'detail overrides',
      { status: 404, data: { detail: 'Estabelecimento não encontrado.' } },
      'Estabelecimento não encontrado.',
    ],
    [
      'error_message overrides',
      { status: 500, data: { error_message: 'Falha no gateway' } },
      'Falha no gateway',
    ],
    ['erro overrides', { status: 400, data: { erro: 'CEP inválido', cep: ['x'] } }, 'CEP inválido'],
  ])('%s', (_name, failure, text) => {
    expect(errorText(failure)).toBe(text);
  });
});
