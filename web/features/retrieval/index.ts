export { RetrievalTestingPage } from "./retrieval-testing-page";
