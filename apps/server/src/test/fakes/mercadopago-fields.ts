import type { FastifyInstance } from 'fastify';

/**
 * Mercado Pago's Secure Fields (SDK v2 "fields" module), faked for the browser tests: the part of
 * the fake's `/js/v2` script that defines `mp.fields`, and the pages of its iframes, served from
 * the fake's own origin (cross-origin to the shop's page, as api-static.mercadopago.com is).
 *
 * The interface, as Mercado Pago's SDK documents it (github.com/mercadopago/sdk-js docs/fields.md):
 * - `mp.fields.create('cardNumber' | 'expirationDate' | 'securityCode', {placeholder, style,
 *   srLabel, ariaRequired})` → a field with `.mount(containerId)`, `.unmount()`, `.on(event, cb)`
 *   (`ready`, `focus`, `blur`, `change`, `validityChange` `{field, errorMessages: [{message,
 *   cause}]}`, `binChange` `{field, bin}` — the first 8 digits, or null —, `error`) and
 *   `.update({placeholder, settings, invalid})`;
 * - `mp.fields.createCardToken({cardholderName, identificationType, identificationNumber})` with
 *   the three fields mounted, or `({cardId})` with only `securityCode`: the card token
 *   (`POST /v1/card_tokens`'s answer), or a rejection with its `cause` codes.
 *
 * Honest about where the card goes: each field is an `<iframe>` holding a real `<input>`; its
 * value never leaves the fake's origin. `createCardToken` asks the securityCode frame, which
 * gathers the other frames' values over a BroadcastChannel of this session (same-origin frames
 * only) and posts the card to `/v1/card_tokens` itself (the same validation: Luhn, expiry, CVV);
 * the shop's page gets the token's answer only (first six and last four digits, no CVV).
 */

export const TIPOS_CAMPO = ['cardNumber', 'expirationDate', 'securityCode'] as const;
export type TipoCampo = (typeof TIPOS_CAMPO)[number];

/** The documented style keys (fields.md "Style"), camelCase or kebab-case. */
const ESTILOS = [
  'color',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'height',
  'margin',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'margin-top',
  'padding',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'placeholder-color',
  'text-align',
  'width',
];

const html = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A field's frame: one input, its validation, its events to the page that mounted it. */
function paginaDoCampo(tipo: TipoCampo, q: Record<string, string | undefined>): string {
  const sessao = q.s ?? '';
  const origem = q.o ?? '';
  const estilo = ((): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(q.st ?? '{}');
      return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  })();
  const css: string[] = [];
  let corPlaceholder = '';
  for (const [k, v] of Object.entries(estilo)) {
    const nome = k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`);
    if (!ESTILOS.includes(nome) || typeof v !== 'string' || /[;{}<>]/.test(v)) continue;
    if (nome === 'placeholder-color') corPlaceholder = v;
    else css.push(`${nome}:${v}`);
  }
  const atributos =
    tipo === 'cardNumber'
      ? 'inputmode="numeric" autocomplete="cc-number" maxlength="23"'
      : tipo === 'expirationDate'
        ? 'inputmode="numeric" autocomplete="cc-exp" maxlength="7"'
        : 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"';
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${html(q.lbl || tipo)}</title>
<style>
html,body{margin:0;padding:0;height:100%;background:transparent;overflow:hidden}
input{box-sizing:border-box;display:block;width:100%;height:100%;border:0;outline:0;margin:0;padding:0 12px;
background:transparent;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:14px;color:#000;${css.join(';')}}
input::placeholder{color:${corPlaceholder || '#6b6b6b'};opacity:1}
</style></head>
<body><input id="campo" type="text" name="${tipo}" ${atributos}
 aria-label="${html(q.lbl || tipo)}" placeholder="${html(q.ph ?? '')}"${q.req === '1' ? ' aria-required="true"' : ''}>
<script>${scriptDoCampo(tipo, sessao, origem)}</script></body></html>`;
}

/** The frame's own script (the fake's origin): validation, events, and its part of a token. */
function scriptDoCampo(tipo: TipoCampo, sessao: string, origem: string): string {
  return `(function(){
var TIPO=${JSON.stringify(tipo)},SESSAO=${JSON.stringify(sessao)},ORIGEM=${JSON.stringify(origem)};
var input=document.getElementById('campo');
var config={length:null,mode:'mandatory'};
var ultimoBin=null,prontos=false;
function avisar(evento,dados){parent.postMessage({mpCampos:SESSAO,campo:TIPO,evento:evento,dados:dados||{}},ORIGEM);}
function digitos(){return input.value.replace(/\\D/g,'');}
function luhn(d){var s=0;for(var i=0;i<d.length;i++){var n=+d[d.length-1-i];if(i%2){n*=2;if(n>9)n-=9;}s+=n;}return s%10===0;}
function validade(){
  var m=/^(\\d{1,2})\\s*\\/?\\s*(\\d{2}|\\d{4})?$/.exec(input.value.trim());
  return m?{mes:+m[1],ano:m[2]?(m[2].length===2?2000+(+m[2]):+m[2]):null,anoTexto:m[2]||''}:null;
}
function erros(){
  var d=digitos(),e=[];
  if(TIPO==='cardNumber'){
    if(/[^\\d\\s]/.test(input.value))e.push({cause:'invalid_type',message:'cardNumber should be a number.'});
    else if(d.length<(config.length||14)||d.length>(config.length||16))e.push({cause:'invalid_length',message:"cardNumber should be of length between '14' and '16'."});
    else if(!luhn(d))e.push({cause:'invalid_value',message:'card number rejected on Luhn Validation.'});
  }else if(TIPO==='securityCode'){
    if(/[^\\d]/.test(input.value))e.push({cause:'invalid_type',message:'securityCode should be a number.'});
    else if(config.length?d.length!==config.length:(d.length<3||d.length>4))e.push({cause:'invalid_length',message:"securityCode should be of length '"+(config.length||3)+"'."});
  }else{
    var v=validade(),agora=new Date(),mesAtual=agora.getMonth()+1,anoAtual=agora.getFullYear();
    if(!v){e.push({cause:'invalid_type',message:'expirationMonth should be a number.'});}
    else if(v.mes<1||v.mes>12){e.push({cause:'invalid_value',message:'expirationMonth should be a value from 1 to 12.'});}
    else if(v.ano===null){e.push({cause:'invalid_length',message:"expirationYear should be of length '2' or '4'."});}
    else if(v.ano<anoAtual||(v.ano===anoAtual&&v.mes<mesAtual)){e.push({cause:'invalid_value',message:"expirationMonth value should be greater than '"+(mesAtual-1)+"' or expirationYear value should be greater than '"+anoAtual+"'."});}
  }
  return e;
}
function formatar(){
  if(TIPO==='cardNumber'){var d=digitos().slice(0,19);input.value=(d.match(/\\d{1,4}/g)||[]).join(' ');}
  else if(TIPO==='securityCode'){input.value=digitos().slice(0,4);}
  else{var d2=digitos().slice(0,6);input.value=d2.length>2?d2.slice(0,2)+'/'+d2.slice(2):d2;}
}
function validar(){avisar('validityChange',{field:TIPO,errorMessages:erros()});}
input.addEventListener('input',function(){
  formatar();
  avisar('change',{field:TIPO});
  validar();
  if(TIPO==='cardNumber'){
    var d=digitos(),bin=d.length>=8?d.slice(0,8):null;
    if(bin!==ultimoBin){ultimoBin=bin;avisar('binChange',{field:TIPO,bin:bin});}
  }
});
input.addEventListener('paste',function(){avisar('paste',{field:TIPO});});
input.addEventListener('focus',function(){avisar('focus',{field:TIPO});});
input.addEventListener('blur',function(){avisar('blur',{field:TIPO});validar();});
// Focusing the frame (the page's label, or its focus() on an error) focuses the input.
window.addEventListener('focus',function(){if(document.activeElement!==input)input.focus();});
var canal=new BroadcastChannel('mp-campos-'+SESSAO);
var coleta=null;
canal.onmessage=function(ev){
  var m=ev.data||{};
  if(m.pedir&&m.campos&&m.campos.indexOf(TIPO)>=0)canal.postMessage({pedido:m.pedir,campo:TIPO,valor:input.value});
  else if(m.pedido&&coleta&&coleta.pedido===m.pedido){coleta.valores[m.campo]=m.valor;coleta.conferir();}
};
function responder(pedido,ok,corpo){parent.postMessage({mpCampos:SESSAO,resposta:pedido,ok:ok,corpo:corpo},ORIGEM);}
function token(m){
  var outros=m.campos.filter(function(c){return c!==TIPO;});
  coleta={pedido:m.pedido,valores:{},conferir:function(){
    for(var i=0;i<outros.length;i++)if(!(outros[i] in this.valores))return;
    clearTimeout(this.limite);var valores=this.valores;coleta=null;enviar(m,valores);
  }};
  coleta.limite=setTimeout(function(){coleta=null;responder(m.pedido,false,{message:'fields not ready',cause:[{code:'E300',description:'fields not ready'}]});},5000);
  canal.postMessage({pedir:m.pedido,campos:outros});
  coleta.conferir();
}
function enviar(m,valores){
  var d=m.dados||{},corpo;
  if(d.cardId){corpo={card_id:String(d.cardId),security_code:digitos()};}
  else{
    var num=String(valores.cardNumber||'').replace(/\\D/g,'');
    var v=(function(){var x=/^(\\d{1,2})\\/(\\d{2}|\\d{4})$/.exec(String(valores.expirationDate||''));return x?{mes:+x[1],ano:x[2].length===2?2000+(+x[2]):+x[2]}:{mes:0,ano:0};})();
    corpo={card_number:num,security_code:digitos(),expiration_month:v.mes,expiration_year:v.ano,
      cardholder:{name:d.cardholderName||'',identification:{type:d.identificationType||'',number:d.identificationNumber||''}}};
  }
  fetch('/v1/card_tokens?public_key='+encodeURIComponent(m.pk),{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(corpo)})
    .then(function(r){return r.json().then(function(j){responder(m.pedido,r.ok,j);});})
    .catch(function(){responder(m.pedido,false,{message:'network error',cause:[]});});
}
window.addEventListener('message',function(ev){
  if(ev.source!==parent||ev.origin!==ORIGEM)return;
  var m=ev.data||{};
  if(m.mpCampos!==SESSAO)return;
  if(m.acao==='atualizar'){
    var p=m.props||{};
    if(typeof p.placeholder==='string')input.placeholder=p.placeholder;
    if(p.settings&&typeof p.settings.length==='number')config.length=p.settings.length;
    if(p.settings&&p.settings.mode)config.mode=p.settings.mode;
    if(typeof p.invalid==='boolean')input.setAttribute('aria-invalid',String(p.invalid));
  }else if(m.acao==='focar'){input.focus();}
  else if(m.acao==='token'&&TIPO==='securityCode'){token(m);}
});
avisar('ready',{field:TIPO});
})();`;
}

/** The `fields` module of the fake's `/js/v2` (inside its IIFE: BASE and MercadoPago are in scope). */
export function scriptDosCampos(): string {
  return `
var TIPOS_CAMPO=${JSON.stringify(TIPOS_CAMPO)};
var ORIGEM_CAMPOS=new URL(BASE).origin;
function sessaoNova(){var a=new Uint8Array(16);crypto.getRandomValues(a);return Array.prototype.map.call(a,function(x){return ('0'+x.toString(16)).slice(-2);}).join('');}
function Campos(mp){this.mp=mp;this.sessao=null;this.montados={};this.pedidos={};this.proximo=1;}
// The page's listener starts with the first field (the core methods need no DOM).
Campos.prototype.ouvir=function(){
  if(this.sessao)return;
  this.sessao=sessaoNova();var self=this;
  window.addEventListener('message',function(ev){
    if(ev.origin!==ORIGEM_CAMPOS)return;
    var m=ev.data||{};
    if(m.mpCampos!==self.sessao)return;
    if(m.resposta){var p=self.pedidos[m.resposta];if(!p)return;delete self.pedidos[m.resposta];
      if(m.ok)p.resolve(m.corpo);else{var e=new Error((m.corpo&&m.corpo.message)||'erro');e.cause=(m.corpo&&m.corpo.cause)||[];p.reject(e);}return;}
    var c=self.montados[m.campo];
    if(!c||!c.iframe||ev.source!==c.iframe.contentWindow)return;
    if(m.evento==='ready'){c.pronto=true;c.fila.forEach(function(x){c.postar(x);});c.fila=[];}
    c.emitir(m.evento,m.dados);
  });
};
function Campo(campos,tipo,opcoes){this.campos=campos;this.tipo=tipo;this.opcoes=opcoes||{};this.ouvintes={};this.iframe=null;this.pronto=false;this.fila=[];}
Campo.prototype.on=function(ev,cb){(this.ouvintes[ev]=this.ouvintes[ev]||[]).push(cb);return this;};
Campo.prototype.emitir=function(ev,dados){(this.ouvintes[ev]||[]).forEach(function(cb){try{cb(dados);}catch(e){setTimeout(function(){throw e;});}});};
Campo.prototype.postar=function(m){m.mpCampos=this.campos.sessao;if(!this.pronto||!this.iframe){this.fila.push(m);return;}this.iframe.contentWindow.postMessage(m,ORIGEM_CAMPOS);};
Campo.prototype.mount=function(id){
  var el=document.getElementById(id);
  if(!el)throw new Error('Container '+id+' not found');
  if(this.campos.montados[this.tipo])throw new Error('Field '+this.tipo+' already mounted');
  var o=this.opcoes,q=new URLSearchParams({s:this.campos.sessao,o:window.location.origin,ph:o.placeholder||'',lbl:o.srLabel||'',st:JSON.stringify(o.style||{}),req:o.ariaRequired?'1':'0'});
  var f=document.createElement('iframe');
  f.src=BASE+'/campos/'+this.tipo+'?'+q.toString();
  f.title=o.srLabel||this.tipo;
  f.name='mp-'+this.tipo;
  f.setAttribute('allowtransparency','true');
  f.style.cssText='display:block;width:100%;height:100%;border:0;background:transparent';
  el.appendChild(f);
  this.iframe=f;this.pronto=false;this.campos.montados[this.tipo]=this;
  return this;
};
Campo.prototype.unmount=function(){
  if(this.iframe)this.iframe.remove();
  this.iframe=null;this.pronto=false;this.fila=[];
  if(this.campos.montados[this.tipo]===this)delete this.campos.montados[this.tipo];
};
Campo.prototype.update=function(props){this.postar({acao:'atualizar',props:props||{}});return this;};
Campo.prototype.focus=function(){this.postar({acao:'focar'});};
Campos.prototype.create=function(tipo,opcoes){
  if(TIPOS_CAMPO.indexOf(tipo)<0)throw new Error('Invalid field type '+tipo);
  this.ouvir();
  return new Campo(this,tipo,opcoes);
};
Campos.prototype.createCardToken=function(d){
  var self=this,cvv=this.montados.securityCode;
  d=d||{};
  var faltam=(d.cardId?['securityCode']:TIPOS_CAMPO).filter(function(t){return !self.montados[t];});
  if(faltam.length){var e=new Error('fields not mounted: '+faltam.join(', '));e.cause=[];return Promise.reject(e);}
  var pedido=this.proximo++;
  return new Promise(function(resolve,reject){
    self.pedidos[pedido]={resolve:resolve,reject:reject};
    cvv.postar({acao:'token',pedido:pedido,pk:self.mp.publicKey,campos:Object.keys(self.montados),
      dados:{cardId:d.cardId,cardholderName:d.cardholderName,identificationType:d.identificationType,identificationNumber:d.identificationNumber}});
  });
};
`;
}

/** Serves the fields' frames (`/campos/{type}?s={session}&o={page origin}&…`). */
export function registrarCamposSeguros(app: FastifyInstance): void {
  app.get('/campos/:tipo', async (req, reply) => {
    const tipo = (req.params as { tipo: string }).tipo;
    if (!(TIPOS_CAMPO as readonly string[]).includes(tipo)) return reply.code(404).send();
    const q = (req.query ?? {}) as Record<string, string | undefined>;
    if (!/^[0-9a-f]{32}$/.test(q.s ?? '') || !/^https?:\/\/[^/\s]+$/.test(q.o ?? '')) {
      return reply.code(400).send();
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(paginaDoCampo(tipo as TipoCampo, q));
  });
}
