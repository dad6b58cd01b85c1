export const TOOL_KEY = "tool-test-key";
