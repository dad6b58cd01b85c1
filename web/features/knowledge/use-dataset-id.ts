import { useSearch } from "@tanstack/react-router";

// The knowledge base shown by the detail pages: ?id=… on /knowledge/* and on the new-style /dataset/*.
export const useDatasetId = () => (useSearch({ strict: false }) as { id?: string }).id ?? "";
