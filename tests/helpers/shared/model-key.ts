// The API key the local model servers accept (tests/helpers/servers/model-servers.ts).
export const GOOD_KEY = "sk-test-good-key";
