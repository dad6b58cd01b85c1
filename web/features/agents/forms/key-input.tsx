import { Field, Input } from "@chakra-ui/react";
import type { ParseKeys } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Props = {
  value: string;
  // the other keys of the same map (a key must be unique among them)
  taken: string[];
  onRename: (next: string) => void;
  label: string;
  placeholder?: string;
  identifier?: boolean;
};

export const keyProblem = (key: string, taken: string[], identifier: boolean): ParseKeys | undefined => {
  const trimmed = key.trim();
  if (!trimmed) return "validation.required";
  if (identifier && !IDENTIFIER.test(trimmed)) return "agents.validation.identifier";
  return taken.some((other) => other.toLowerCase() === trimmed.toLowerCase())
    ? "agents.validation.keyTaken"
    : undefined;
};

// The key of a map entry (a category, an input, a global). Renaming moves the entry, so it happens when the
// field is left or Enter is pressed, and only to a valid, free key; until then the old key stays in force.
export const KeyInput = ({ value, taken, onRename, label, placeholder, identifier = false }: Props) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const problem = keyProblem(draft, taken, identifier);
  const commit = () => {
    if (!problem && draft.trim() !== value) onRename(draft.trim());
  };
  return (
    <Field.Root invalid={Boolean(problem)} flex="1">
      <Input
        size="sm"
        aria-label={label}
        placeholder={placeholder}
        value={draft}
        fontFamily={identifier ? "mono" : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
      />
      {problem && <Field.ErrorText>{t(problem)}</Field.ErrorText>}
    </Field.Root>
  );
};

// The map with one key renamed, in the same place.
export const renameKey = <T,>(map: Record<string, T>, from: string, to: string): Record<string, T> =>
  Object.fromEntries(Object.entries(map).map(([key, value]) => [key === from ? to : key, value]));

// The first of "Base 1", "Base 2", … not in the map.
export const freeKey = (base: string, map: Record<string, unknown>) => {
  const taken = new Set(Object.keys(map).map((key) => key.toLowerCase()));
  for (let n = 1; ; n++) if (!taken.has(`${base}${n}`.toLowerCase())) return `${base}${n}`;
};
