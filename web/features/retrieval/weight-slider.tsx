import type { ComponentProps } from "react";
import { NumberSlider } from "../../components/number-slider";

// Two decimals, so 1 − weight stays exact enough for the server's "sums to 1.0" check.
export const roundWeight = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100));

// A 0–1 weight in steps of 0.01.
export const WeightSlider = (props: Omit<ComponentProps<typeof NumberSlider>, "min" | "max" | "step">) => (
  <NumberSlider {...props} min={0} max={1} step={0.01} />
);
