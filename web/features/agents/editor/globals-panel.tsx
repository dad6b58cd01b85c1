import { Button, Code, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EditorSidePanel } from "./side-panel";
import { freeKey, KeyInput, renameKey } from "../forms/key-input";
import { envRef } from "../model/variables";

type Props = {
  globals: Record<string, unknown>;
  onChange: (globals: Record<string, unknown>) => void;
  onClose: () => void;
};

// Global variables: env.<name> with a default value, usable in every text as {env.<name>} and settable per run.
export const GlobalsPanel = ({ globals, onChange, onClose }: Props) => {
  const { t } = useTranslation();
  const names = Object.keys(globals);
  return (
    <EditorSidePanel title={t("agents.globals.title")} onClose={onClose} testId="globals-panel">
      <Text fontSize="sm" color="fg.muted">
        {t("agents.globals.hint")}
      </Text>
      {names.map((name) => (
        <Stack key={name} gap="1.5" borderWidth="1px" rounded="md" p="2" data-testid="global-row">
          <HStack align="start" gap="2">
            <KeyInput
              value={name}
              taken={names.filter((other) => other !== name)}
              onRename={(next) => onChange(renameKey(globals, name, next))}
              label={t("agents.globals.name")}
              identifier
            />
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t("agents.globals.remove", { name })}
              onClick={() => onChange(Object.fromEntries(Object.entries(globals).filter(([other]) => other !== name)))}
            >
              <Trash2 />
            </IconButton>
          </HStack>
          <Input
            size="sm"
            aria-label={t("agents.globals.value", { name })}
            placeholder={t("agents.globals.valuePlaceholder")}
            value={String(globals[name] ?? "")}
            onChange={(e) => onChange({ ...globals, [name]: e.target.value })}
          />
          <Code alignSelf="start" fontSize="xs">
            {envRef(name)}
          </Code>
        </Stack>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="start"
        onClick={() => onChange({ ...globals, [freeKey("var_", globals)]: "" })}
      >
        <Plus /> {t("agents.globals.add")}
      </Button>
    </EditorSidePanel>
  );
};
