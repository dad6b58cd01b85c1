export { SearchPage } from "./search-page";
export { parseSharedSearchParams, SharedSearchPage } from "./shared-search-page";
