// The API key the local model servers accept (tests/helpers/servers/model-servers.ts).
export const GOOD_KEY = "sk-test-good-key";

// The AWS access keys the local Bedrock route checks SigV4 signatures with.
export const AWS_TEST_KEYS = {
  accessKeyId: "AKIDBUDDYTEST",
  secretAccessKey: "buddy/test+SECRET/key/0123456789abcdef",
};
