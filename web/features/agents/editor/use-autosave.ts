import { useEffect, useRef, useState } from "react";

export type SaveState = "saved" | "unsaved" | "saving" | "failed";

export const AUTOSAVE_DELAY_MS = 1500;

// Saves `value` a moment after its last change, one save at a time; `saveNow` (the Save button, a test run)
// saves at once. Values are compared as JSON, so a rebuilt but equal value is no change.
export const useAutosave = <T>(value: T, save: (value: T) => Promise<unknown>, delayMs = AUTOSAVE_DELAY_MS) => {
  const serialized = JSON.stringify(value);
  const [state, setState] = useState<SaveState>("saved");
  const savedAs = useRef(serialized);
  const latest = useRef({ value, serialized, save });
  const scheduled = useRef<() => void>(() => undefined);
  const running = useRef<Promise<boolean> | null>(null);
  const lastError = useRef<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    latest.current = { value, serialized, save };
  });

  const run = async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (running.current) await running.current;
    const { value: current, serialized: text, save: persist } = latest.current;
    if (text === savedAs.current) {
      setState("saved");
      return true;
    }
    setState("saving");
    const attempt = persist(current).then(
      () => {
        savedAs.current = text;
        return true;
      },
      (error: unknown) => {
        lastError.current = error;
        return false;
      },
    );
    running.current = attempt;
    const ok = await attempt;
    running.current = null;
    // something changed while saving: that waits for its own turn
    setState(!ok ? "failed" : latest.current.serialized === savedAs.current ? "saved" : "unsaved");
    if (ok && latest.current.serialized !== savedAs.current) timer.current = setTimeout(() => void run(), delayMs);
    return ok;
  };

  useEffect(() => {
    scheduled.current = () => void run();
  });

  useEffect(() => {
    if (serialized === savedAs.current) return;
    setState((current) => (current === "saving" ? current : "unsaved"));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => scheduled.current(), delayMs);
  }, [serialized, delayMs]);

  // leaving the editor (or the page) with a change not yet saved
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (latest.current.serialized !== savedAs.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      clearTimeout(timer.current);
      if (latest.current.serialized !== savedAs.current)
        void latest.current.save(latest.current.value).catch(() => undefined);
    };
  }, []);

  return { state, saveNow: run, lastError: () => lastError.current };
};
