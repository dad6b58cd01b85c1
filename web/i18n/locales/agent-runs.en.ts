import type { agentRunsDe } from "./agent-runs.de";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// Strings of a Buddy's rerun from a failed step and a single component's test (Editor).
export const agentRunsEn: Shape<typeof agentRunsDe> = {
  rerunFailed: "Rerun from the failed step",
  test: {
    open: "Test",
    title: "Test component",
    hint: "Runs only this component as saved, with sample values for the variables it reads.",
    noInputs: "This component reads no variables.",
    run: "Run",
    outputs: "Outputs",
    failed: "Failed: {{error}}",
    saveFirst: "The changes could not be saved; the saved version is tested.",
  },
};
