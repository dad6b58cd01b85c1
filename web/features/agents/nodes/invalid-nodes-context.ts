import { createContext, useContext } from "react";

// Ids of the nodes with something to fix; the node components mark themselves with it.
export const InvalidNodesContext = createContext<ReadonlySet<string>>(new Set());

export const useIsInvalid = (id: string) => useContext(InvalidNodesContext).has(id);
