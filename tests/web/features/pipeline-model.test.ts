import { describe, expect, it } from "vitest";
import type { Dsl } from "../../../worker/contract/agents";
import { dslOfJson } from "../../../web/features/agents/model/dsl-file";
import { dataflowErrors, dataflowForm, FILE_ID } from "../../../web/features/agents/model/dataflow";
import { dslOfGraph, graphOfDsl, isFixedNode } from "../../../web/features/agents/model/graph";
import { validateNode } from "../../../web/features/agents/model/node-validation";
import { variableOptions } from "../../../web/features/agents/model/variables";
import {
  RAGFLOW_COMPILER as compiler,
  RAGFLOW_TITLE_CHUNKER as titleChunker,
} from "../../helpers/fixtures/ragflow-pipelines";

const imported = (file: unknown) => dslOfJson(file) as Dsl;

describe("RAGFlow's pipeline templates in the editor", () => {
  it("opens title_chunker.json with File fixed, the params of the DSL and Buddy's handles", () => {
    const graph = graphOfDsl(imported(titleChunker), "Datei", "dataflow_canvas");
    const file = graph.nodes.find((node) => node.id === FILE_ID);
    expect(file?.data.label).toBe("File");
    expect(file && isFixedNode(file)).toBe(true);
    expect(graph.nodes.some((node) => node.id === "begin")).toBe(false);
    const chunker = graph.nodes.find((node) => node.data.label === "TitleChunker");
    // RAGFlow's graph form keeps {rules: [{levels: [{expression}]}]} and hierarchy "3"; the DSL's params win
    expect(chunker?.data.form.hierarchy).toBe(3);
    expect((chunker?.data.form.levels as string[][] | undefined)?.[0]).toEqual([
      "^#[^#]",
      "^##[^#]",
      "^###[^#]",
      "^####[^#]",
    ]);
    expect(chunker?.data.form.rules).toBeUndefined();
    const parser = graph.nodes.find((node) => node.data.label === "Parser");
    const setups = parser?.data.form.setups as Record<string, { suffix: string[]; output_format: string }>;
    expect(setups.pdf).toMatchObject({ output_format: "json", parse_method: "DeepDOC", suffix: ["pdf"] });
    expect(setups["text&code"]?.suffix).toContain("txt");
    expect(parser?.data.form.pdf).toBeUndefined();
    expect(graph.edges.every((edge) => edge.sourceHandle === null && edge.targetHandle === null)).toBe(true);
    expect(graph.nodes.every((node) => Object.keys(validateNode(node, graph.nodes)).length === 0)).toBe(true);
  });

  it("saves what it opened in the shape the worker reads, and reads that again unchanged", () => {
    const graph = graphOfDsl(imported(compiler), "Datei", "dataflow_canvas");
    const dsl = dslOfGraph(graph, {});
    const parser = Object.values(dsl.components).find(
      (component) => (component.obj.component_name as string) === "Parser",
    );
    expect(Object.keys(parser?.obj.params.setups as object)).toContain("spreadsheet");
    expect(dsl.components.File?.downstream).toEqual(["Parser:HipSignsRhyme"]);
    const again = graphOfDsl(dsl, "Datei", "dataflow_canvas");
    expect(again.nodes.map((node) => node.data.form)).toEqual(graph.nodes.map((node) => node.data.form));
  });

  it("offers an Extractor the outputs of the pipeline's components only", () => {
    const graph = graphOfDsl(imported(titleChunker), "Datei", "dataflow_canvas");
    const extractor = graph.nodes.find((node) => node.data.label === "Extractor");
    const refs = variableOptions(graph.nodes, extractor?.id ?? "", { "sys.history": [] }).map((option) => option.ref);
    expect(refs).toContain("{TitleChunker:WideResultsTeach@chunks}");
    expect(refs).toContain("{Parser:HipSignsRhyme@markdown}");
    expect(refs.some((ref) => ref.startsWith("{sys."))).toBe(false);
  });
});

describe("dataflow validation", () => {
  it("reports the contract's limits and the form's own rules by param", () => {
    expect(dataflowErrors("TokenChunker", dataflowForm("TokenChunker", { chunk_token_size: 0 }))).toMatchObject({
      chunk_token_size: "pipelines.validation.outOfRange",
    });
    expect(dataflowErrors("TitleChunker", dataflowForm("TitleChunker", { levels: [["^(#"]] }))).toMatchObject({
      levels: "pipelines.validation.regex",
    });
    expect(dataflowErrors("TitleChunker", dataflowForm("TitleChunker", { levels: [] }))).toMatchObject({
      levels: "pipelines.validation.levelsRequired",
    });
    expect(dataflowErrors("Tokenizer", dataflowForm("Tokenizer", { search_method: [] }))).toMatchObject({
      search_method: "validation.required",
    });
    expect(dataflowErrors("Extractor", dataflowForm("Extractor", {}))).toMatchObject({
      prompts: "validation.required",
    });
    expect(dataflowErrors("Extractor", dataflowForm("Extractor", { field_name: "title" }))).toMatchObject({
      field_name: "pipelines.validation.notAnOption",
    });
    expect(
      dataflowErrors("TokenChunker", dataflowForm("TokenChunker", { chunk_token_size: 256, delimiters: ["\n"] })),
    ).toEqual({});
  });
});
