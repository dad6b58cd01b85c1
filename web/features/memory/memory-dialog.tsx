import { Checkbox, HStack, Input, NativeSelect, Stack, Textarea } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { MEMORY_NAME_MAX, MEMORY_SIZE_MAX, MEMORY_TYPES, type MemoryTypeName } from "../../../worker/contract/memories";
import { type MemoryView, useCreateMemoryMutation, useUpdateMemoryMutation } from "../../api/memories";
import { FormDialog } from "../../components/form-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { ConfigField } from "../knowledge/configuration/config-field";
import type { FieldError } from "../knowledge/configuration/config-schema";

type Values = {
  name: string;
  types: MemoryTypeName[];
  embdId: string;
  llmId: string;
  description: string;
  permissions: "me" | "team";
  memorySize: number;
};
type Errors = Partial<Record<"name" | "types" | "embdId" | "llmId", FieldError>>;

const check = (values: Values, creating: boolean): Errors => {
  const errors: Errors = {};
  const name = values.name.trim();
  if (!name) errors.name = { key: "memory.errors.required" };
  else if ([...name].length > MEMORY_NAME_MAX)
    errors.name = { key: "memory.errors.tooLong", values: { max: MEMORY_NAME_MAX } };
  if (creating && !values.types.length) errors.types = { key: "memory.errors.typeRequired" };
  if (creating && !values.embdId.trim()) errors.embdId = { key: "memory.errors.required" };
  if (creating && !values.llmId.trim()) errors.llmId = { key: "memory.errors.required" };
  return errors;
};

// Create a memory (name, types, models) or, given one, edit its name, description, visibility and size.
export const MemoryDialog = ({ memory, onClose }: { memory?: MemoryView; onClose: () => void }) => {
  const { t } = useTranslation();
  const create = useCreateMemoryMutation();
  const update = useUpdateMemoryMutation();
  const [values, setValues] = useState<Values>({
    name: memory?.name ?? "",
    types: memory?.memory_type ?? ["raw"],
    embdId: memory?.embd_id ?? "",
    llmId: memory?.llm_id ?? "",
    description: memory?.description ?? "",
    permissions: memory?.permissions === "team" ? "team" : "me",
    memorySize: memory?.memory_size ?? 5 * 1024 * 1024,
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values, !memory);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      if (memory)
        await update.mutateAsync({
          id: memory.id,
          changes: {
            name: values.name.trim(),
            description: values.description,
            permissions: values.permissions,
            memory_size: values.memorySize,
          },
        });
      else
        await create.mutateAsync({
          name: values.name.trim(),
          memory_type: values.types,
          embd_id: values.embdId.trim(),
          llm_id: values.llmId.trim(),
        });
      notifySuccess(t(memory ? "common.toast.updated" : "common.toast.created"));
      onClose();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <FormDialog
      title={t(memory ? "memory.editTitle" : "memory.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending || update.isPending}
      submitLabel={memory ? undefined : t("common.create")}
    >
      <Stack gap="4">
        <ConfigField label={t("memory.name")} error={errors.name} required>
          <Input name="name" value={values.name} onChange={(e) => set("name", e.target.value)} autoFocus />
        </ConfigField>
        {memory ? (
          <>
            <ConfigField label={t("memory.descriptionLabel")}>
              <Textarea
                name="description"
                rows={2}
                value={values.description}
                onChange={(e) => set("description", e.target.value)}
              />
            </ConfigField>
            <ConfigField label={t("memory.permissions")}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="permissions"
                  value={values.permissions}
                  onChange={(e) => set("permissions", e.target.value === "team" ? "team" : "me")}
                >
                  <option value="me">{t("memory.permission.me")}</option>
                  <option value="team">{t("memory.permission.team")}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </ConfigField>
            <ConfigField label={t("memory.memorySize")} helper={t("memory.memorySizeHint")}>
              <Input
                name="memory_size"
                type="number"
                min={1}
                max={MEMORY_SIZE_MAX}
                value={values.memorySize}
                onChange={(e) => set("memorySize", Math.min(MEMORY_SIZE_MAX, Math.max(1, Number(e.target.value) || 1)))}
              />
            </ConfigField>
          </>
        ) : (
          <>
            <ConfigField label={t("memory.types")} helper={t("memory.typesHint")} error={errors.types} required>
              <HStack gap="4" wrap="wrap">
                {MEMORY_TYPES.map((type) => (
                  <Checkbox.Root
                    key={type}
                    size="sm"
                    checked={values.types.includes(type)}
                    onCheckedChange={(e) =>
                      set(
                        "types",
                        e.checked ? [...values.types, type] : values.types.filter((chosen) => chosen !== type),
                      )
                    }
                  >
                    <Checkbox.HiddenInput name={`type-${type}`} />
                    <Checkbox.Control />
                    <Checkbox.Label>{t(`memory.type.${type}`)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </HStack>
            </ConfigField>
            <ConfigField label={t("memory.embdId")} helper={t("memory.modelHint")} error={errors.embdId} required>
              <Input name="embd_id" value={values.embdId} onChange={(e) => set("embdId", e.target.value)} />
            </ConfigField>
            <ConfigField label={t("memory.llmId")} error={errors.llmId} required>
              <Input name="llm_id" value={values.llmId} onChange={(e) => set("llmId", e.target.value)} />
            </ConfigField>
          </>
        )}
      </Stack>
    </FormDialog>
  );
};
