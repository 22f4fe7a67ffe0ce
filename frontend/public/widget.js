/*
 * Anfitrión — booking button for a restaurant's own site.
 *
 *   <script src="https://HOST/widget.js" data-tag="polanco" defer></script>
 *
 * Adds a "Reservar mesa" button that opens the branch's booking (/widget/{tag}) over the page.
 * Optional attributes: data-origin (Widget, Plataforma, Whatsapp, Chatbot, Airbnb, Concierge,
 * google; Widget by default), data-personas-max (party-size limit, at most 50), data-afiliado
 * (a partner's code), data-texto (the button's text), data-boton="no" (no button: any element
 * with the attribute data-anfitrion-reservar opens it, and so does window.Anfitrion.abrir()).
 * A booking made fires the event "anfitrion:reservada" on document, detail {id, tag}.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.dataset.tag) {
    if (window.console) console.error('widget.js: falta el atributo data-tag con la sucursal');
    return;
  }
  var d = script.dataset;
  var base = new URL(script.src, location.href).origin;
  var params = new URLSearchParams();
  if (d.origin) params.set('origin', d.origin);
  if (d.personasMax) params.set('personas_max', d.personasMax);
  if (d.afiliado) params.set('afiliado', d.afiliado);
  var qs = params.toString();
  var url = base + '/widget/' + encodeURIComponent(d.tag) + (qs ? '?' + qs : '');

  var capa = null;
  var anterior = null;

  function cerrar() {
    if (!capa) return;
    capa.remove();
    capa = null;
    document.removeEventListener('keydown', teclas, true);
    document.removeEventListener('focusin', retener, true);
    if (anterior && anterior.focus) anterior.focus();
  }

  function teclas(e) {
    if (e.key === 'Escape') cerrar();
  }

  // While it is open the keyboard stays in it: focus that wanders to the page goes back in.
  function retener(e) {
    if (capa && !capa.contains(e.target)) {
      var iframe = capa.querySelector('iframe');
      if (iframe) iframe.focus();
    }
  }

  function abrir() {
    if (capa) return;
    anterior = document.activeElement;
    capa = document.createElement('div');
    capa.setAttribute('role', 'dialog');
    capa.setAttribute('aria-modal', 'true');
    capa.setAttribute('aria-label', 'Reservar mesa');
    capa.style.cssText =
      'position:fixed;inset:0;z-index:2147483000;background:rgba(28,25,23,.55);display:flex;align-items:center;justify-content:center;padding:12px;box-sizing:border-box';
    capa.addEventListener('click', function (e) {
      if (e.target === capa) cerrar();
    });
    var marco = document.createElement('div');
    marco.style.cssText =
      'position:relative;width:100%;max-width:700px;height:100%;max-height:680px;background:#fff;border-radius:16px;overflow:hidden;box-shadow:0 20px 50px rgba(0,0,0,.3)';
    var iframe = document.createElement('iframe');
    iframe.src = url;
    iframe.title = 'Reservar mesa';
    iframe.style.cssText = 'border:0;width:100%;height:100%;display:block';
    var x = document.createElement('button');
    x.type = 'button';
    x.setAttribute('aria-label', 'Cerrar');
    x.textContent = '\u00d7';
    x.style.cssText =
      'position:absolute;top:6px;right:6px;width:40px;height:40px;border:0;border-radius:999px;background:rgba(255,255,255,.9);font:28px/1 system-ui,sans-serif;color:#44403c;cursor:pointer';
    x.addEventListener('click', cerrar);
    marco.appendChild(iframe);
    marco.appendChild(x);
    capa.appendChild(marco);
    document.body.appendChild(capa);
    document.addEventListener('keydown', teclas, true);
    document.addEventListener('focusin', retener, true);
    iframe.focus();
  }

  window.addEventListener('message', function (e) {
    if (e.origin !== base || !capa) return;
    var m = e.data;
    // Escape pressed inside the frame (its keys never reach this page).
    if (m && m.tipo === 'anfitrion:cerrar') return cerrar();
    if (m && m.tipo === 'anfitrion:reservada' && typeof m.id === 'string') {
      document.dispatchEvent(new CustomEvent('anfitrion:reservada', { detail: { id: m.id, tag: m.tag } }));
    }
  });

  document.addEventListener('click', function (e) {
    var el = e.target && e.target.closest ? e.target.closest('[data-anfitrion-reservar]') : null;
    if (el) {
      e.preventDefault();
      abrir();
    }
  });

  window.Anfitrion = { abrir: abrir, cerrar: cerrar };

  if (d.boton === 'no') return;
  var boton = document.createElement('button');
  boton.type = 'button';
  boton.textContent = d.texto || 'Reservar mesa';
  boton.style.cssText =
    'position:fixed;right:20px;bottom:20px;z-index:2147482999;min-height:48px;padding:0 22px;border:0;border-radius:999px;background:#8e1b1b;color:#fff;font:600 16px/1 system-ui,sans-serif;box-shadow:0 8px 24px rgba(0,0,0,.25);cursor:pointer';
  boton.addEventListener('click', abrir);
  function poner() {
    document.body.appendChild(boton);
  }
  if (document.body) poner();
  else document.addEventListener('DOMContentLoaded', poner);
})();
