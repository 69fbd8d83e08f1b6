import { useEffect, useRef } from "react";

/** The single-key shortcuts of keyboard triage (issue 14); `?` shows them. */
export const TRIAGE_KEYS = ["j", "k", "c", "1", "2", "3", "n", "u", "?"] as const;
export type TriageKey = (typeof TRIAGE_KEYS)[number];

const TYPING_TARGETS = "input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='textbox'], [role='combobox']";

/** A key typed into a field, with a modifier (a browser or system shortcut) or inside a dialog is not a shortcut. */
function isShortcut(event: KeyboardEvent): event is KeyboardEvent & { key: TriageKey } {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TYPING_TARGETS) || target?.closest("[role='dialog']")) return false;
  return (TRIAGE_KEYS as readonly string[]).includes(event.key);
}

/** Listens for the triage shortcuts on the whole page while mounted; the handlers may change between renders. */
export function useTriageKeys(handlers: Partial<Record<TriageKey, () => void>>) {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      const handler = current.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
