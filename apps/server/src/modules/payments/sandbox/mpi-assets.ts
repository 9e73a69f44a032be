/**
 * The browser side of the sandbox 3-D Secure server, kept as text here (not as .js/.css files) so
 * the same module serves them under tsx and from the esbuild bundle, with nothing to copy.
 * Plain ES2019, no build step: written for every browser the app supports. Tests parse the
 * scripts and run them in jsdom (mpi-script.test.ts). No backtick or dollar-brace inside them:
 * they sit in template literals.
 */

/** Replaced by the JSON string of the routes' base path (`/api/ead/sandbox/3ds`). */
const MARCADOR_BASE = '__RANGO_MPI_BASE__';

/**
 * The stand-in for Braspag's BP.Mpi script: same globals (`bpmpi_load`, `bpmpi_authenticate`,
 * the page's `bpmpi_config`), same input classes, same events and payloads. Like the real one it
 * reads `bpmpi_config()` once, when it runs, loads itself at once (onReady), ignores a second
 * `bpmpi_load()`, and does nothing on `bpmpi_authenticate()` while not loaded. It sends only the
 * card's last 4 digits and brand; the challenge opens the bank page in a modal it creates.
 */
const BPMPI_JS = String.raw`/* Rango: sandbox 3-D Secure (stand-in for Braspag's BP.Mpi 3DS 2.0 script). */
(function (global) {
  'use strict';

  var BASE = __RANGO_MPI_BASE__;
  var EVENTOS = { sucesso: 'onSuccess', falha: 'onFailure', nao_inscrito: 'onUnenrolled', erro: 'onError' };
  var config = lerConfig();
  var carregado = false;
  var emAndamento = false;

  function lerConfig() {
    var c = typeof global.bpmpi_config === 'function' ? global.bpmpi_config() : null;
    return c && typeof c === 'object' ? c : { Debug: true, Environment: 'PRD' };
  }

  // Only events and states are logged: never the card number.
  function log() {
    if (config.Debug === true) {
      console.log.apply(console, ['[MPI]'].concat(Array.prototype.slice.call(arguments)));
    }
  }

  function campo(classe, padrao) {
    var elementos = document.getElementsByClassName(classe);
    if (elementos.length === 0) return padrao;
    var valor = elementos[0].value;
    return valor === undefined || valor === null ? padrao : String(valor);
  }

  // Callbacks run on their own task: an exception in the page's code cannot reach this script's
  // promise chains (and fire a second event).
  function notificar(nome, dados) {
    log('Evento', nome, dados === undefined ? '' : dados);
    var callback = config[nome];
    if (typeof callback !== 'function') return;
    setTimeout(function () {
      callback(dados);
    }, 0);
  }

  function erro(codigo, mensagem, referenceId) {
    return { Xid: null, Eci: null, ReturnCode: codigo, ReturnMessage: mensagem, ReferenceId: referenceId || null };
  }

  function erroDeRede(e) {
    return erro('MPI900', 'Ocorreu um erro (' + (e && e.status ? e.status : 0) + ')');
  }

  function autenticacaoHabilitada() {
    var habilitada = campo('bpmpi_auth', 'true') !== 'false';
    log('Autenticação habilitada =', habilitada);
    if (!habilitada) notificar('onDisabled');
    return habilitada;
  }

  function bandeiraDe(numero) {
    var primeiro = numero.charAt(0);
    if (primeiro === '4') return 'Visa';
    if (primeiro === '5' || primeiro === '2') return 'Master';
    return null;
  }

  function chamar(metodo, caminho, corpo) {
    var headers = { Authorization: 'Bearer ' + campo('bpmpi_accesstoken', '') };
    var opcoes = { method: metodo, headers: headers, credentials: 'same-origin', cache: 'no-store' };
    if (corpo !== undefined) {
      headers['Content-Type'] = 'application/json';
      opcoes.body = JSON.stringify(corpo);
    }
    return fetch(BASE + caminho, opcoes).then(function (resposta) {
      if (!resposta.ok) {
        var falha = new Error('HTTP ' + resposta.status);
        falha.status = resposta.status;
        throw falha;
      }
      return resposta.json();
    });
  }

  function entregar(resposta) {
    emAndamento = false;
    var resultado = resposta && resposta.resultado;
    if (typeof resultado !== 'string' || !Object.prototype.hasOwnProperty.call(EVENTOS, resultado)) {
      notificar('onError', erro('MPI902', 'Resposta inesperada do servidor de autenticação'));
      return;
    }
    notificar(EVENTOS[resultado], resposta.evento);
  }

  function falhar(e) {
    emAndamento = false;
    notificar('onError', erroDeRede(e));
  }

  function criar(tag, atributos, estilo) {
    var elemento = document.createElement(tag);
    Object.keys(atributos).forEach(function (nome) {
      elemento.setAttribute(nome, atributos[nome]);
    });
    // Styles set through the CSSOM: allowed by a CSP without 'unsafe-inline'.
    Object.assign(elemento.style, estilo);
    return elemento;
  }

  function abrirDesafio(url, referenceid, bandeira) {
    var anterior = document.activeElement;
    var encerrado = false;
    var fundo = criar(
      'div',
      { 'data-bpmpi': 'desafio' },
      {
        position: 'fixed',
        top: '0',
        right: '0',
        bottom: '0',
        left: '0',
        zIndex: '2147483000',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '8px',
        background: 'rgba(0, 0, 0, 0.6)',
      },
    );
    var dialogo = criar(
      'div',
      {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'bpmpi-desafio-titulo',
        'aria-describedby': 'bpmpi-desafio-descricao',
        tabindex: '-1',
      },
      {
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        gap: '12px',
        width: '100%',
        maxWidth: '480px',
        maxHeight: '100%',
        overflow: 'auto',
        padding: '16px',
        borderRadius: '8px',
        background: '#ffffff',
        color: '#1b1f24',
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      },
    );
    var titulo = criar('h2', { id: 'bpmpi-desafio-titulo' }, { margin: '0', fontSize: '1.25rem' });
    titulo.textContent = 'Autenticação do banco';
    var descricao = criar('p', { id: 'bpmpi-desafio-descricao' }, { margin: '0', lineHeight: '1.5' });
    descricao.textContent = 'Seu banco pede que você confirme esta compra no débito.';
    var quadro = criar(
      'iframe',
      { src: url, title: 'Página de autenticação do banco' },
      {
        boxSizing: 'border-box',
        width: '100%',
        height: '420px',
        maxHeight: '65vh',
        border: '1px solid #c9d1d9',
        borderRadius: '4px',
      },
    );
    var cancelar = criar(
      'button',
      { type: 'button' },
      {
        alignSelf: 'flex-end',
        minHeight: '44px',
        padding: '8px 16px',
        border: '1px solid #57606a',
        borderRadius: '4px',
        background: '#ffffff',
        color: '#1b1f24',
        font: 'inherit',
        cursor: 'pointer',
      },
    );
    cancelar.textContent = 'Cancelar';
    dialogo.appendChild(titulo);
    dialogo.appendChild(descricao);
    dialogo.appendChild(quadro);
    dialogo.appendChild(cancelar);
    fundo.appendChild(dialogo);

    // Everything else leaves the tab order and the accessibility tree while the dialog is open.
    var inertes = [];
    Array.prototype.forEach.call(document.body.children, function (elemento) {
      if (!elemento.hasAttribute('inert')) {
        elemento.setAttribute('inert', '');
        inertes.push(elemento);
      }
    });
    document.body.appendChild(fundo);
    dialogo.focus();
    log('Desafio aberto', referenceid);

    function fechar() {
      if (encerrado) return false;
      encerrado = true;
      global.removeEventListener('message', aoReceber);
      document.removeEventListener('keydown', aoTeclar, true);
      inertes.forEach(function (elemento) {
        elemento.removeAttribute('inert');
      });
      if (fundo.parentNode) fundo.parentNode.removeChild(fundo);
      if (anterior && typeof anterior.focus === 'function' && document.body.contains(anterior)) anterior.focus();
      return true;
    }

    function buscarResultado() {
      return chamar('GET', '/resultado/' + encodeURIComponent(referenceid) + '?bandeira=' + bandeira).then(
        entregar,
        falhar,
      );
    }

    function concluir() {
      if (fechar()) buscarResultado();
    }

    // Cancelling is the customer's 'Negar': the server records it, then answers the failure.
    function desistir() {
      if (!fechar()) return;
      log('Desafio cancelado', referenceid);
      chamar('POST', '/desafio/' + encodeURIComponent(referenceid), { decisao: 'negar' })
        .catch(function () {
          return null;
        })
        .then(buscarResultado);
    }

    function aoReceber(evento) {
      if (evento.origin !== global.location.origin || evento.source !== quadro.contentWindow) return;
      var dados = evento.data;
      if (!dados || dados.tipo !== 'rango-3ds' || dados.referenceid !== referenceid) return;
      if (dados.cancelar === true) desistir();
      else concluir();
    }

    function aoTeclar(evento) {
      if (evento.key === 'Escape' || evento.key === 'Esc') {
        evento.preventDefault();
        desistir();
      }
    }

    global.addEventListener('message', aoReceber);
    document.addEventListener('keydown', aoTeclar, true);
    cancelar.addEventListener('click', desistir);
  }

  function carregar() {
    log('Environment =', config.Environment || 'PRD');
    if (!autenticacaoHabilitada()) return;
    if (carregado) {
      log('Recursos já carregados.');
      return;
    }
    carregado = true;
    notificar('onReady');
  }

  function autenticar() {
    if (!autenticacaoHabilitada()) return;
    if (!carregado) {
      console.warn('[MPI] bpmpi_authenticate() antes de carregar: nada foi feito.');
      return;
    }
    if (emAndamento) {
      log('Autenticação já em andamento.');
      return;
    }
    var numero = campo('bpmpi_cardnumber', '').replace(/\D/g, '');
    if (numero.length < 13 || numero.length > 19) {
      notificar('onError', erro('MPI901', 'Número do cartão inválido'));
      return;
    }
    var bandeira = bandeiraDe(numero);
    if (!bandeira) {
      notificar('onUnsupportedBrand', erro('MPI903', 'Bandeira não suportada para autenticação'));
      return;
    }
    var valor = campo('bpmpi_totalamount', '').trim();
    if (!/^\d{1,9}$/.test(valor) || Number(valor) <= 0) {
      notificar('onError', erro('MPI904', 'Valor do pedido inválido'));
      return;
    }
    var pedido = {
      ordernumber: campo('bpmpi_ordernumber', ''),
      totalamount: Number(valor),
      final: numero.slice(-4),
      bandeira: bandeira,
    };
    numero = null;
    emAndamento = true;
    log('Autenticando...');
    chamar('POST', '/autenticar', pedido).then(function (resposta) {
      if (
        resposta &&
        resposta.resultado === 'desafio' &&
        typeof resposta.url === 'string' &&
        typeof resposta.referenceid === 'string'
      ) {
        abrirDesafio(resposta.url, resposta.referenceid, bandeira);
      } else {
        entregar(resposta);
      }
    }, falhar);
  }

  global.bpmpi_load = carregar;
  global.bpmpi_authenticate = autenticar;
  carregar();
})(window);
`;

/** The script for routes under `base` (the server's own path: same origin as the app). */
export function bpmpiJs(base: string): string {
  return BPMPI_JS.replace(MARCADOR_BASE, JSON.stringify(base));
}

/**
 * The bank page's script: its buttons post the decision, then tell the parent window (same
 * origin only) to fetch the result. Escape asks the parent to cancel, like the modal's Escape
 * (the keyboard focus may be inside this frame).
 */
export const BANCO_JS = String.raw`/* Rango: sandbox 3-D Secure bank page. */
(function () {
  'use strict';

  var formulario = document.querySelector('form[data-referenceid]');
  if (!formulario) return;
  var referenceid = formulario.getAttribute('data-referenceid');
  var estado = document.getElementById('estado');
  var botoes = formulario.querySelectorAll('button');
  var ultimo = null;
  var enviando = false;
  var MENSAGENS = {
    aprovar: 'Compra aprovada. Voltando para a loja…',
    negar: 'Compra negada. Voltando para a loja…',
  };

  function avisar(mensagem) {
    window.parent.postMessage(mensagem, window.location.origin);
  }

  function habilitar(sim) {
    Array.prototype.forEach.call(botoes, function (botao) {
      botao.disabled = !sim;
    });
  }

  Array.prototype.forEach.call(botoes, function (botao) {
    botao.addEventListener('click', function () {
      ultimo = botao.value;
    });
  });

  formulario.addEventListener('submit', function (evento) {
    evento.preventDefault();
    var decisao = evento.submitter ? evento.submitter.value : ultimo;
    if (enviando || (decisao !== 'aprovar' && decisao !== 'negar')) return;
    enviando = true;
    habilitar(false);
    estado.textContent = 'Enviando sua resposta…';
    fetch(formulario.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ decisao: decisao }),
      credentials: 'same-origin',
    })
      .then(function (resposta) {
        if (resposta.status === 409) {
          estado.textContent = 'Esta autenticação já foi concluída.';
        } else if (resposta.ok) {
          estado.textContent = MENSAGENS[decisao];
        } else {
          throw new Error('HTTP ' + resposta.status);
        }
        avisar({ tipo: 'rango-3ds', referenceid: referenceid });
      })
      .catch(function () {
        enviando = false;
        habilitar(true);
        estado.textContent = 'Não foi possível enviar sua resposta. Tente novamente.';
      });
  });

  document.addEventListener('keydown', function (evento) {
    if (!enviando && (evento.key === 'Escape' || evento.key === 'Esc')) {
      avisar({ tipo: 'rango-3ds', referenceid: referenceid, cancelar: true });
    }
  });
})();
`;

/** The bank page's style: text 15:1 and more; buttons 6.6:1 (white on green), 8.1:1 (red on white). */
export const BANCO_CSS = String.raw`/* Rango: sandbox 3-D Secure bank page. */
*,
*::before,
*::after {
  box-sizing: border-box;
}
html {
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  color: #1b1f24;
  background: #f4f6f8;
}
body {
  margin: 0;
}
.banco {
  max-width: 28rem;
  margin: 0 auto;
  padding: 1.5rem 1rem;
}
.banco h1 {
  margin: 0 0 0.75rem;
  font-size: 1.25rem;
  color: #0b3d63;
}
.banco p {
  margin: 0 0 1rem;
  line-height: 1.5;
}
.dados {
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.25rem 1rem;
  margin: 0 0 1.5rem;
  padding: 1rem;
  border: 1px solid #c9d1d9;
  border-radius: 0.5rem;
  background: #ffffff;
}
.dados dt {
  font-weight: 600;
}
.dados dd {
  margin: 0;
  font-variant-numeric: tabular-nums;
}
.acoes {
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
}
.acoes button {
  flex: 1 1 8rem;
  min-height: 2.75rem;
  padding: 0.5rem 1rem;
  border: 2px solid transparent;
  border-radius: 0.375rem;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
}
.acoes .aprovar {
  background: #0b6b3a;
  color: #ffffff;
}
.acoes .negar {
  border-color: #9b1c1c;
  background: #ffffff;
  color: #9b1c1c;
}
.acoes button:focus-visible {
  outline: 3px solid #1f6feb;
  outline-offset: 2px;
}
.acoes button:disabled {
  cursor: not-allowed;
}
.estado {
  min-height: 1.5em;
  margin-top: 1rem;
  font-weight: 600;
}
`;
