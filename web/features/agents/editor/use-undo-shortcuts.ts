import { useEffect, useRef } from "react";

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

// Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y; ⌘ on macOS) for the graph, except while typing: a text field keeps its own undo.
export const useUndoShortcuts = (undo: () => void, redo: () => void) => {
  const actions = useRef({ undo, redo });
  useEffect(() => {
    actions.current = { undo, redo };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === "z") {
        event.preventDefault();
        if (event.shiftKey) actions.current.redo();
        else actions.current.undo();
      } else if (key === "y") {
        event.preventDefault();
        actions.current.redo();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
};
