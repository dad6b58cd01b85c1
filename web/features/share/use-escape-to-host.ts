import { useEffect } from "react";

const OPEN_LAYER = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

// Inside the chat widget's panel, Escape never reaches the host page: the page asks the widget to close
// (public/embed/widget.js listens), unless Escape was closing one of the page's own dialogs.
export const useEscapeToHost = () => {
  useEffect(() => {
    if (window.parent === window) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || document.querySelector(OPEN_LAYER)) return;
      window.parent.postMessage({ type: "buddy-widget:close" }, "*");
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
};
