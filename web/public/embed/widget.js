/*
 * Buddy chat widget: a round chat button for any website that opens a shared Buddy chat in a panel.
 *
 *   <script src="https://buddy.example/embed/widget.js"
 *     data-buddy-src="https://buddy.example/chat/share?shared_id=…&auth=share-…"
 *     data-buddy-question="Optional start question" data-buddy-title="Assistant" async></script>
 *
 * Plain ES2019, no dependencies. Class names start with "buddy-widget-"; the only global is
 * window.BuddyWidget = { open, close, toggle }.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  if (!script || window.BuddyWidget) return;
  var src = script.getAttribute("data-buddy-src");
  if (!src) {
    console.warn("Buddy widget: the script tag needs a data-buddy-src attribute (the share link).");
    return;
  }
  var question = (script.getAttribute("data-buddy-question") || "").trim();
  var title = (script.getAttribute("data-buddy-title") || "").trim() || "Buddy";
  var colorAttribute = script.getAttribute("data-buddy-color") || "";
  var color = /^#[0-9a-fA-F]{3,8}$/.test(colorAttribute) ? colorAttribute : "#0f766e";
  var german = /^de\b/i.test(document.documentElement.lang || navigator.language || "");
  var labels = german
    ? { open: "Chat öffnen: " + title, close: "Chat schließen: " + title }
    : { open: "Open chat: " + title, close: "Close chat: " + title };

  var PANEL_ID = "buddy-widget-panel";
  var CHAT_ICON =
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
  var CLOSE_ICON =
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M18 6 6 18M6 6l12 12"/></svg>';

  var css =
    ".buddy-widget-button{all:initial;box-sizing:border-box;position:fixed;right:20px;bottom:20px;z-index:2147483646;" +
    "width:56px;height:56px;border-radius:50%;background:" +
    color +
    ";color:#fff;display:flex;align-items:center;" +
    "justify-content:center;cursor:pointer;box-shadow:0 6px 20px rgba(0,0,0,.25);transition:transform .15s ease}" +
    ".buddy-widget-button:hover{transform:scale(1.06)}" +
    ".buddy-widget-button:focus-visible{outline:3px solid " +
    color +
    ";outline-offset:3px}" +
    ".buddy-widget-button svg{display:block;width:26px;height:26px;fill:none;stroke:currentColor;stroke-width:2;" +
    "stroke-linecap:round;stroke-linejoin:round}" +
    ".buddy-widget-panel{all:initial;box-sizing:border-box;position:fixed;right:20px;bottom:88px;z-index:2147483647;" +
    "width:400px;max-width:calc(100vw - 40px);height:640px;max-height:calc(100vh - 112px);border-radius:16px;" +
    "overflow:hidden;background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.3);display:none}" +
    ".buddy-widget-panel.buddy-widget-open{display:block}" +
    ".buddy-widget-frame{all:initial;display:block;width:100%;height:100%;border:0}" +
    "@media (max-width:480px){.buddy-widget-panel{top:8px;left:8px;right:8px;bottom:84px;width:auto;height:auto;" +
    "max-width:none;max-height:none;border-radius:12px}}" +
    "@media (prefers-reduced-motion:reduce){.buddy-widget-button{transition:none}}";

  var button = null;
  var panel = null;
  var frame = null;

  var frameUrl = function () {
    var url = new URL(src, window.location.href);
    if (question) url.searchParams.set("question", question);
    return url.toString();
  };

  var isOpen = function () {
    return Boolean(panel && panel.classList.contains("buddy-widget-open"));
  };

  var render = function (open) {
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", open ? labels.close : labels.open);
    button.innerHTML = open ? CLOSE_ICON : CHAT_ICON;
    panel.classList.toggle("buddy-widget-open", open);
  };

  var open = function () {
    if (!button || isOpen()) return;
    // the chat loads on first opening only, so a page view without a click costs the share link nothing
    if (!frame) {
      frame = document.createElement("iframe");
      frame.className = "buddy-widget-frame";
      frame.title = title;
      frame.setAttribute("allow", "microphone; clipboard-write");
      frame.src = frameUrl();
      panel.appendChild(frame);
    }
    render(true);
    frame.focus();
  };

  var close = function () {
    if (!button || !isOpen()) return;
    render(false);
    button.focus();
  };

  var toggle = function () {
    if (isOpen()) close();
    else open();
  };

  var mount = function () {
    var style = document.createElement("style");
    style.className = "buddy-widget-style";
    style.textContent = css;
    document.head.appendChild(style);

    panel = document.createElement("div");
    panel.id = PANEL_ID;
    panel.className = "buddy-widget-panel";
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", title);

    button = document.createElement("button");
    button.type = "button";
    button.className = "buddy-widget-button";
    button.setAttribute("aria-controls", PANEL_ID);
    button.addEventListener("click", toggle);

    document.body.appendChild(panel);
    document.body.appendChild(button);
    render(false);

    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && isOpen()) close();
    });
    // Escape pressed inside the chat: the shared page tells its parent
    window.addEventListener("message", function (event) {
      if (frame && event.source === frame.contentWindow && event.data && event.data.type === "buddy-widget:close")
        close();
    });
  };

  window.BuddyWidget = Object.freeze({ open: open, close: close, toggle: toggle });
  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", mount);
})();
