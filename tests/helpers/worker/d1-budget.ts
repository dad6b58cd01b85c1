import { expect } from "vitest";
import { type D1Tally, isolateTally } from "../../../worker/platform/d1-meter";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Waits until no metered D1 call has happened for a while (work after the response: waitUntil, the queue).
const settle = async () => {
  let seen = -1;
  while (seen !== isolateTally.statements + isolateTally.roundTrips) {
    seen = isolateTally.statements + isolateTally.roundTrips;
    await sleep(60);
  }
};

// What `work` cost in D1 (every metered call in the isolate meanwhile: run one request at a time).
export const measureD1 = async <T>(work: () => Promise<T>) => {
  await settle();
  const before = { ...isolateTally };
  const result = await work();
  await settle();
  const cost = Object.fromEntries(
    Object.entries(isolateTally).map(([key, value]) => [key, value - before[key as keyof D1Tally]]),
  ) as D1Tally;
  return { result, cost };
};

// Each figure of `cost` at most the budget's (set from the measured figures after removing waste).
export const expectWithinBudget = (name: string, cost: D1Tally, budget: D1Tally) => {
  // the measured figures, for setting a budget after a change (npx vitest run --project worker tests/worker/budgets)
  console.warn(`D1 budget ${name}: ${JSON.stringify(cost)}`);
  for (const key of Object.keys(budget) as (keyof D1Tally)[]) {
    expect(cost[key], `${name}: ${key} ${cost[key]} > budget ${budget[key]}`).toBeLessThanOrEqual(budget[key]);
  }
  // the meter sees the request at all
  expect(cost.roundTrips).toBeGreaterThan(0);
};
