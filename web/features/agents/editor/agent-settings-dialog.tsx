import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Agent, useUpdateAgentMutation } from "../../../api/agents";
import { ApiError, ErrorCode } from "../../../api/client";
import { FormDialog } from "../../../components/form-dialog";
import { notifyError, notifySuccess } from "../../../components/notify";
import { type AgentInfo, AgentInfoFields, agentTitleError } from "../list/agent-info-fields";

// Title, description and permission of the open agent (the flow itself saves on its own).
export const AgentSettingsDialog = ({ agent, onClose }: { agent: Agent; onClose: () => void }) => {
  const { t } = useTranslation();
  const update = useUpdateAgentMutation(agent.id);
  const [values, setValues] = useState<AgentInfo>({
    title: agent.title,
    description: agent.description ?? "",
    permission: agent.permission,
  });
  const [titleError, setTitleError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const title = values.title.trim();
    const problem = agentTitleError(t, values.title);
    setTitleError(problem);
    if (problem) return;
    try {
      await update.mutateAsync({
        title,
        description: values.description.trim() || null,
        permission: values.permission,
      });
      notifySuccess(t("common.toast.modified"));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.data) setTitleError(error.message);
      else notifyError(error);
    }
  };

  return (
    <FormDialog title={t("agents.editor.settings")} onSubmit={submit} onClose={onClose} loading={update.isPending}>
      <AgentInfoFields values={values} onChange={setValues} titleError={titleError} />
    </FormDialog>
  );
};
