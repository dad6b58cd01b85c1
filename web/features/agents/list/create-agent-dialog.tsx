import { SegmentGroup, Stack, Text } from "@chakra-ui/react";
import type { Dsl } from "../../../../worker/contract/agents";
import { inferCanvasCategory } from "../../../../worker/contract/dataflow";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, ErrorCode } from "../../../api/client";
import { type Agent, type AgentTemplate, useCreateAgentMutation } from "../../../api/agents";
import { FormDialog } from "../../../components/form-dialog";
import { errorMessage, notifyError, notifySuccess } from "../../../components/notify";
import { AGENT_CANVAS, type CanvasKind, DATAFLOW_CANVAS } from "../model/dataflow";
import { blankDsl, blankPipelineDsl } from "../model/graph";
import { type AgentInfo, AgentInfoFields, agentTitleError } from "./agent-info-fields";
import { ImportDslField } from "./import-dsl-field";
import { BLANK, localized, TemplateGallery } from "./template-gallery";

// `kind`: what the dialog starts with (the list's tab); the user may pick the other.
type Props = { kind?: CanvasKind; onClose: () => void; onCreated: (agent: Agent) => void };

type Source = { id: string; template: AgentTemplate | null; imported?: { name: string; dsl: Dsl } };
const IMPORTED = "imported";

// The kind of an imported flow: a pipeline's components make a pipeline, whatever the tab.
const kindOfDsl = (dsl: Dsl): CanvasKind =>
  inferCanvasCategory(Object.values(dsl.components).map((component) => component.obj.component_name));

// New agent or ingestion pipeline: a blank flow, a template of that kind or a flow from a JSON file (which brings
// its own kind); the title is required and unique in the team (the server says so).
export const CreateAgentDialog = ({ kind: initialKind = AGENT_CANVAS, onClose, onCreated }: Props) => {
  const { t, i18n } = useTranslation();
  const create = useCreateAgentMutation();
  const [kind, setKind] = useState<CanvasKind>(initialKind);
  const [source, setSource] = useState<Source>({ id: BLANK, template: null });
  const [values, setValues] = useState<AgentInfo>({ title: "", description: "", permission: "me" });
  const [titleError, setTitleError] = useState<string | undefined>();

  // picking a template or a file fills title and description unless the user wrote their own
  const pickSource = (next: Source) => {
    const suggested = (from: Source, field: "title" | "description") =>
      from.template
        ? localized(from.template[field], i18n.language)
        : from.imported && field === "title"
          ? from.imported.name.replace(/\.json$/i, "")
          : "";
    const untouched = (field: "title" | "description") => !values[field] || values[field] === suggested(source, field);
    setSource(next);
    setValues((current) => ({
      ...current,
      title: untouched("title") ? suggested(next, "title") : current.title,
      description: untouched("description") ? suggested(next, "description") : current.description,
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const title = values.title.trim();
    const problem = agentTitleError(t, values.title);
    setTitleError(problem);
    if (problem) return;
    try {
      const blank =
        kind === DATAFLOW_CANVAS
          ? blankPipelineDsl(t("agents.components.File"))
          : blankDsl(t("agents.components.Begin"));
      const dsl = source.imported?.dsl ?? source.template?.dsl ?? blank;
      const agent = await create.mutateAsync({
        title,
        description: values.description.trim() || null,
        permission: values.permission,
        canvas_category: kind,
        dsl,
      });
      notifySuccess(t("common.toast.created"));
      // closed at once: opening the new agent may take a moment, and the dialog must not take a second click
      onClose();
      onCreated(agent);
    } catch (error) {
      // a title already taken belongs next to the title
      if (error instanceof ApiError && error.code === ErrorCode.data) setTitleError(errorMessage(error));
      else notifyError(error);
    }
  };

  return (
    <FormDialog
      title={t("agents.create.title")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending}
      submitLabel={t("common.create")}
      size="lg"
    >
      <Stack gap="5">
        <Stack gap="1.5">
          <Text fontSize="sm" fontWeight="medium" id="create-kind-label">
            {t("pipelines.kind.choose")}
          </Text>
          <SegmentGroup.Root
            size="sm"
            value={kind}
            aria-labelledby="create-kind-label"
            onValueChange={(e) => {
              if (!e.value || e.value === kind) return;
              setKind(e.value as CanvasKind);
              // a template or file of the other kind does not fit any more
              pickSource({ id: BLANK, template: null });
            }}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: AGENT_CANVAS, label: t("pipelines.kind.agent") },
                { value: DATAFLOW_CANVAS, label: t("pipelines.kind.pipeline") },
              ]}
            />
          </SegmentGroup.Root>
          <Text fontSize="xs" color="fg.muted">
            {t(kind === DATAFLOW_CANVAS ? "pipelines.kind.pipelineHint" : "pipelines.kind.agentHint")}
          </Text>
        </Stack>
        <TemplateGallery kind={kind} value={source.id} onChange={(id, template) => pickSource({ id, template })} />
        <ImportDslField
          imported={source.imported?.name}
          onImported={(name, dsl) => {
            setKind(kindOfDsl(dsl));
            pickSource({ id: IMPORTED, template: null, imported: { name, dsl } });
          }}
        />
        <AgentInfoFields values={values} onChange={setValues} titleError={titleError} />
      </Stack>
    </FormDialog>
  );
};
