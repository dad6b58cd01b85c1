import { formatDateTime, formatNumber } from "../../lib/format";
import type { EvaluationMetrics, EvaluationRunSummary } from "./types";

export const RETRIEVAL_METRICS = ["ndcg_at_10", "hit_at_1", "hit_at_5", "hit_at_10", "mrr", "recall_at_10"] as const;
export const ANSWER_METRICS = ["answer_fact_recall", "answer_citation_precision"] as const;
export type MetricKey = keyof EvaluationMetrics;

// The metrics a run has: the retrieval ones always, the answer checks only where the run made them.
export const metricsOf = (metrics: EvaluationMetrics | null | undefined): MetricKey[] =>
  metrics ? [...RETRIEVAL_METRICS, ...ANSWER_METRICS.filter((key) => metrics[key] !== undefined)] : [];

// Every metric is a share from 0 to 1: three decimals tell runs apart.
export const formatMetric = (value: number | undefined) => (value === undefined ? "–" : formatNumber(value, 3));

export const formatDelta = (value: number) => {
  const shown = formatNumber(Math.abs(value), 3);
  if (Number(shown.replace(",", ".")) === 0) return `±${shown}`;
  return `${value > 0 ? "+" : "−"}${shown}`;
};

export const deltaColor = (value: number) =>
  value > 0.0005 ? "fg.success" : value < -0.0005 ? "fg.error" : "fg.muted";

// A run's name on screen: its label, or when it started.
export const runName = (run: Pick<EvaluationRunSummary, "label" | "create_time">, unnamed: (date: string) => string) =>
  run.label || unnamed(formatDateTime(run.create_time));
