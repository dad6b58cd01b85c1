import {
  Button,
  Field,
  Fieldset,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Textarea,
} from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, text } from "./fields-props";
import { WebhookFields } from "./webhook-fields";
import { freeKey, KeyInput, renameKey } from "./key-input";

export const BEGIN_MODES = ["conversational", "task"] as const;
export const INPUT_TYPES = ["line", "paragraph", "options", "file", "number", "boolean"] as const;
// `options`: the choices of an options input; RAGFlow's flows may also say "integer" for a number
export type BeginInput = {
  name: string;
  type: (typeof INPUT_TYPES)[number] | "integer";
  optional: boolean;
  options?: string[];
};

// Begin: the greeting shown first, the mode and the inputs a run asks for (keyed by a variable-like name).
export const BeginFields = ({ form, set }: FieldsProps) => {
  const { t } = useTranslation();
  const inputs = (form.inputs ?? {}) as Record<string, BeginInput>;
  const setInputs = (next: Record<string, BeginInput>) => set("inputs", next);
  const change = (key: string, patch: Partial<BeginInput>) =>
    setInputs({ ...inputs, [key]: { ...inputs[key], ...patch } as BeginInput });
  return (
    <Stack gap="4">
      <FormField label={t("agents.form.prologue")} helper={t("agents.form.prologueHint")}>
        <Textarea
          name="prologue"
          rows={3}
          value={text(form.prologue)}
          onChange={(e) => set("prologue", e.target.value)}
        />
      </FormField>
      <FormField label={t("agents.form.mode")}>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="mode"
            value={text(form.mode) || "conversational"}
            onChange={(e) => set("mode", e.target.value)}
          >
            {BEGIN_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`agents.form.modes.${mode}`)}
              </option>
            ))}
            <option value="Webhook">{t("agentTriggers.webhook.title")}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {form.mode === "Webhook" && <WebhookFields form={form} set={set} />}
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="medium">{t("agents.form.inputs")}</Fieldset.Legend>
        <Fieldset.HelperText>{t("agents.form.inputsHint")}</Fieldset.HelperText>
        <Stack gap="3">
          {Object.entries(inputs).map(([key, input]) => (
            <Stack key={key} gap="2" borderWidth="1px" rounded="md" p="2" data-testid="begin-input">
              <HStack align="start" gap="2">
                <KeyInput
                  value={key}
                  taken={Object.keys(inputs).filter((other) => other !== key)}
                  onRename={(next) => setInputs(renameKey(inputs, key, next))}
                  label={t("agents.form.inputKey")}
                  identifier
                />
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t("agents.form.removeInput", { key })}
                  onClick={() =>
                    setInputs(Object.fromEntries(Object.entries(inputs).filter(([other]) => other !== key)))
                  }
                >
                  <Trash2 />
                </IconButton>
              </HStack>
              <HStack gap="2" wrap="wrap">
                <Input
                  size="sm"
                  flex="1"
                  minW="32"
                  aria-label={t("agents.form.inputLabel", { key })}
                  placeholder={t("agents.form.inputLabelPlaceholder")}
                  value={input.name ?? ""}
                  onChange={(e) => change(key, { name: e.target.value })}
                />
                <NativeSelect.Root size="sm" w="36">
                  <NativeSelect.Field
                    aria-label={t("agents.form.inputType", { key })}
                    value={input.type ?? "line"}
                    onChange={(e) => change(key, { type: e.target.value as BeginInput["type"] })}
                  >
                    {INPUT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`agents.form.inputTypes.${type}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Switch.Root
                  size="sm"
                  colorPalette="teal"
                  checked={input.optional ?? false}
                  onCheckedChange={(e) => change(key, { optional: e.checked })}
                >
                  <Switch.HiddenInput aria-label={t("agents.form.inputOptional", { key })} />
                  <Switch.Control />
                  <Switch.Label aria-hidden>{t("agents.form.optional")}</Switch.Label>
                </Switch.Root>
              </HStack>
              {input.type === "options" && (
                <OptionsField
                  inputKey={key}
                  options={input.options ?? []}
                  onChange={(options) => change(key, { options })}
                />
              )}
            </Stack>
          ))}
        </Stack>
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() =>
            setInputs({ ...inputs, [freeKey("input_", inputs)]: { name: "", type: "line", optional: false } })
          }
        >
          <Plus /> {t("agents.form.addInput")}
        </Button>
      </Fieldset.Root>
    </Stack>
  );
};

// One choice per line; an options input needs at least one.
const OptionsField = ({
  inputKey,
  options,
  onChange,
}: {
  inputKey: string;
  options: string[];
  onChange: (options: string[]) => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(options.join("\n"));
  const empty = options.length === 0;
  return (
    <Field.Root invalid={empty}>
      <Textarea
        size="sm"
        rows={3}
        aria-label={t("agents.form.inputOptions", { key: inputKey })}
        placeholder={t("agents.form.inputOptionsPlaceholder")}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          onChange([
            ...new Set(
              e.target.value
                .split("\n")
                .map((line) => line.trim())
                .filter(Boolean),
            ),
          ]);
        }}
      />
      {empty ? (
        <Field.ErrorText>{t("agents.form.inputOptionsRequired")}</Field.ErrorText>
      ) : (
        <Field.HelperText>{t("agents.form.inputOptionsHint")}</Field.HelperText>
      )}
    </Field.Root>
  );
};
