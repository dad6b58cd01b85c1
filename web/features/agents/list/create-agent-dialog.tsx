import { Stack } from "@chakra-ui/react";
import type { Dsl } from "../../../../worker/contract/agents";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, ErrorCode } from "../../../api/client";
import { type Agent, type AgentTemplate, useCreateAgentMutation } from "../../../api/agents";
import { FormDialog } from "../../../components/form-dialog";
import { errorMessage, notifyError, notifySuccess } from "../../../components/notify";
import { blankDsl } from "../model/graph";
import { type AgentInfo, AgentInfoFields, agentTitleError } from "./agent-info-fields";
import { ImportDslField } from "./import-dsl-field";
import { BLANK, localized, TemplateGallery } from "./template-gallery";

type Props = { onClose: () => void; onCreated: (agent: Agent) => void };

type Source = { id: string; template: AgentTemplate | null; imported?: { name: string; dsl: Dsl } };
const IMPORTED = "imported";

// New agent: a blank flow, a template or a flow from a JSON file; the title is required and unique in the team
// (the server says so).
export const CreateAgentDialog = ({ onClose, onCreated }: Props) => {
  const { t, i18n } = useTranslation();
  const create = useCreateAgentMutation();
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
      const dsl = source.imported?.dsl ?? source.template?.dsl ?? blankDsl(t("agents.components.Begin"));
      const agent = await create.mutateAsync({
        title,
        description: values.description.trim() || null,
        permission: values.permission,
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
        <TemplateGallery value={source.id} onChange={(id, template) => pickSource({ id, template })} />
        <ImportDslField
          imported={source.imported?.name}
          onImported={(name, dsl) => pickSource({ id: IMPORTED, template: null, imported: { name, dsl } })}
        />
        <AgentInfoFields values={values} onChange={setValues} titleError={titleError} />
      </Stack>
    </FormDialog>
  );
};
