import { useState } from "react";

// Row selection of a table: ids added or removed in groups (a row, or the whole page).
export const useSelection = () => {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const select = (ids: string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return { selected, select, clear: () => setSelected(new Set()) };
};
