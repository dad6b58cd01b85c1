import type {
  EvaluationQuestion,
  EvaluationQuestionResult,
  EvaluationRunSummary,
  EvaluationSet,
} from "../../contract/evaluation-sets";
import type { EvaluationQuestionRow, EvaluationResultRow, EvaluationRunRow, EvaluationSetRow } from "../../db/schema";

export const toRunSummary = (row: EvaluationRunRow): EvaluationRunSummary => ({
  id: row.id,
  set_id: row.setId,
  label: row.label,
  status: row.status,
  progress: row.progress,
  settings: row.settings,
  metrics: row.metrics ?? null,
  error: row.error,
  trigger: row.trigger,
  create_time: row.createTime,
  finish_time: row.finishTime,
});

export const toEvaluationSet = (
  row: EvaluationSetRow,
  questionCount: number,
  lastRun: EvaluationRunRow | null,
): EvaluationSet => ({
  id: row.id,
  name: row.name,
  description: row.description,
  dataset_ids: row.datasetIds,
  question_count: questionCount,
  schedule_after_reparse: row.scheduleAfterReparse,
  alert_margin: row.alertMargin,
  last_run: lastRun ? toRunSummary(lastRun) : null,
  create_time: row.createTime,
  update_time: row.updateTime,
});

export const toQuestion = (row: EvaluationQuestionRow): EvaluationQuestion => ({
  id: row.id,
  question: row.question,
  expected_doc_ids: row.expectedDocIds,
  expected_chunk_ids: row.expectedChunkIds,
  expected_text: row.expectedText,
  relevance: row.relevance ?? null,
  reference_answer: row.referenceAnswer,
  source: row.source,
  create_time: row.createTime,
});

export const toQuestionResult = (row: EvaluationResultRow): EvaluationQuestionResult => ({
  question_id: row.questionId,
  question: row.question,
  hit_rank: row.hitRank,
  ndcg_at_10: row.ndcgAt10,
  recall_at_10: row.recallAt10,
  chunks: row.chunks,
  ...(row.answer !== null
    ? {
        answer: row.answer,
        answer_facts_found: row.answerFactsFound ?? 0,
        answer_facts_total: row.answerFactsTotal ?? 0,
      }
    : {}),
});
