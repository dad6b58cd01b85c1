import { Input } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field";
import type { EditorNode } from "../model/graph";
import { nameProblem } from "../model/node-validation";

type Props = { node: EditorNode; nodes: EditorNode[]; onRename: (name: string) => void };

// The display name: the box shows what is typed, the node takes it only while it is filled in and free.
export const NameField = ({ node, nodes, onRename }: Props) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(node.data.name);
  const [shown, setShown] = useState(node.data.name);
  // changed from elsewhere (undo): show it
  if (node.data.name !== shown) {
    setShown(node.data.name);
    setDraft(node.data.name);
  }
  const problem = nameProblem(draft, node.id, nodes);
  const type = (next: string) => {
    setDraft(next);
    if (nameProblem(next, node.id, nodes) || next.trim() === node.data.name) return;
    setShown(next.trim());
    onRename(next.trim());
  };
  return (
    <FormField label={t("agents.form.name")} error={problem} required>
      <Input name="name" value={draft} onChange={(e) => type(e.target.value)} maxLength={128} />
    </FormField>
  );
};
