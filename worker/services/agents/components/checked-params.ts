import { flowParamsProblem } from "../../../contract/agent-flow-params";

// Flows saved before a check existed, or edited since, are checked again when they run.
export const checkParams = (name: string, params: Record<string, unknown>) => {
  const problem = flowParamsProblem(name, params);
  if (problem) throw new Error(`Invalid ${name} parameter ${problem}`);
};
