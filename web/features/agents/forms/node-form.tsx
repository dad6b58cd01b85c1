import { Separator, Stack, Text } from "@chakra-ui/react";
import type { ParseKeys } from "i18next";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { HANDLES_ERRORS } from "../model/catalog";
import type { EditorComponent, EditorNode, NodeUpdate } from "../model/graph";
import { validateNode } from "../model/node-validation";
import { variableOptions } from "../model/variables";
import { AgentFields } from "./agent-fields";
import { BeginFields } from "./begin-fields";
import { CategorizeFields } from "./categorize-fields";
import { ContentFields } from "./content-fields";
import { EmailFields } from "./email-fields";
import { ErrorHandlingFields } from "./error-handling-fields";
import type { FieldsProps } from "./fields-props";
import { GenerateFields } from "./generate-fields";
import { InvokeFields } from "./invoke-fields";
import { IterationFields } from "./iteration-fields";
import { MessageFields } from "./message-fields";
import { NameField } from "./name-field";
import { NoteFields } from "./note-fields";
import { QueryModelFields } from "./query-model-fields";
import { RelevantFields } from "./relevant-fields";
import { RetrievalFields } from "./retrieval-fields";
import { SwitchFields } from "./switch-fields";
import { TOOL_FIELDS, ToolFields } from "./tool-fields";
import { DataOperationsFields } from "./data-operations-fields";
import { ListOperationsFields } from "./list-operations-fields";
import { LoopFields } from "./loop-fields";
import { StringTransformFields } from "./string-transform-fields";
import { VariableAggregatorFields } from "./variable-aggregator-fields";
import { UserFillUpFields } from "./user-fill-up-fields";
import { DocGeneratorFields } from "./doc-generator-fields";
import { VariableAssignerFields } from "./variable-assigner-fields";
import { CompilerFields } from "./compiler-fields";
import { ExtractorFields } from "./extractor-fields";
import { ParserFields } from "./parser-fields";
import { TitleChunkerFields } from "./title-chunker-fields";
import { TokenChunkerFields } from "./token-chunker-fields";
import { TokenizerFields } from "./tokenizer-fields";

const FIELDS: Partial<Record<EditorComponent, ComponentType<FieldsProps>>> = {
  Begin: BeginFields,
  Answer: ContentFields,
  Template: ContentFields,
  Message: MessageFields,
  Retrieval: RetrievalFields,
  Generate: GenerateFields,
  Categorize: CategorizeFields,
  Relevant: RelevantFields,
  RewriteQuestion: QueryModelFields,
  KeywordExtract: QueryModelFields,
  Switch: SwitchFields,
  Iteration: IterationFields,
  Invoke: InvokeFields,
  Email: EmailFields,
  Note: NoteFields,
  ...Object.fromEntries(Object.keys(TOOL_FIELDS).map((name) => [name, ToolFields])),
  Loop: LoopFields,
  VariableAssigner: VariableAssignerFields,
  VariableAggregator: VariableAggregatorFields,
  DataOperations: DataOperationsFields,
  ListOperations: ListOperationsFields,
  StringTransform: StringTransformFields,
  LLM: AgentFields,
  Agent: AgentFields,
  UserFillUp: UserFillUpFields,
  DocGenerator: DocGeneratorFields,
  Parser: ParserFields,
  TokenChunker: TokenChunkerFields,
  TitleChunker: TitleChunkerFields,
  Extractor: ExtractorFields,
  Tokenizer: TokenizerFields,
  Compiler: CompilerFields,
};

// What the components without settings say about themselves instead.
const HINTS: Partial<Record<EditorComponent, ParseKeys>> = {
  IterationItem: "agents.form.iterationItemHint",
  File: "pipelines.file.hint",
  LoopItem: "agents.flowData.loopItemHint",
  ExitLoop: "agents.flowData.exitLoopHint",
};

type Props = {
  node: EditorNode;
  nodes: EditorNode[];
  globals: Record<string, unknown>;
  onUpdate: (update: NodeUpdate) => void;
};

// The settings of one node: its name, its component's params and, where it can fail, what to do then.
export const NodeForm = ({ node, nodes, globals, onUpdate }: Props) => {
  const { t } = useTranslation();
  const Fields = FIELDS[node.data.label];
  const props: FieldsProps = {
    node,
    form: node.data.form,
    set: (key, value, edges) => onUpdate({ form: { ...node.data.form, [key]: value }, edges, key }),
    errors: validateNode(node, nodes),
    variables: variableOptions(nodes, node.id, globals),
    nodes,
  };
  return (
    <Stack gap="4" data-testid="node-form">
      <NameField node={node} nodes={nodes} onRename={(name) => onUpdate({ name, key: "name" })} />
      {Fields ? (
        <Fields {...props} />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t(HINTS[node.data.label] ?? "agents.form.concentratorHint")}
        </Text>
      )}
      {(HANDLES_ERRORS as readonly string[]).includes(node.data.label) && (
        <>
          <Separator />
          <ErrorHandlingFields {...props} />
        </>
      )}
    </Stack>
  );
};
