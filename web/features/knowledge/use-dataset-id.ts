import { useSearch } from "@tanstack/react-router";

// The knowledge base shown by the detail pages (/knowledge/dataset?id=…).
export const useDatasetId = () => useSearch({ from: "/_app/knowledge/_detail" }).id;
