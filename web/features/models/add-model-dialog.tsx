import { Alert, Box, Button, HStack, Input, NativeSelect, Stack, Switch, Text } from "@chakra-ui/react";
import { PlugZap } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AvailableProvider, type ModelType, useAddModelMutation, useTestModelMutation } from "../../api/models";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { errorMessage, notifySuccess } from "../../components/notify";
import {
  type AddModelErrors,
  type AddModelValues,
  catalogueOf,
  defaultBaseHint,
  firstChoice,
  initialValues,
  isCustomName,
  keyOrCredentials,
  needsApiKey,
  OTHER_MODEL,
  showsApiKey,
  showsVision,
  toModelParams,
  usableTypes,
} from "./add-model-form";
import { CredentialFields } from "./credential-fields";
import { typeLabelKey } from "./model-types";

type Feedback = { status: "success" | "error"; title: string; detail: string };

// takenInstances: the team's instance names for this provider (the new instance gets a free one)
type Props = { provider: AvailableProvider; takenInstances?: string[]; onClose: () => void };

// Adds one model of a provider in a new instance (its key, base URL and credentials): "Test connection" tries it
// with one real call, "Save" stores it without calling the provider.
export const AddModelDialog = ({ provider, takenInstances = [], onClose }: Props) => {
  const { t } = useTranslation();
  const test = useTestModelMutation();
  const add = useAddModelMutation();
  const [values, setValues] = useState<AddModelValues>(() => initialValues(provider, takenInstances));
  const [errors, setErrors] = useState<AddModelErrors>({});
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const types = usableTypes(provider);
  const catalogue = catalogueOf(provider, values.modelType);
  const custom = isCustomName(provider, values);

  // any change makes an earlier test result or save error stale
  const set = <K extends keyof AddModelValues>(field: K, value: AddModelValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFeedback(null);
  };

  const setCredential = (key: string, value: string) => {
    setValues((current) => ({ ...current, credentials: { ...current.credentials, [key]: value } }));
    setFeedback(null);
  };

  const changeType = (modelType: ModelType) => {
    setValues((current) => ({
      ...current,
      modelType,
      choice: firstChoice(provider, modelType),
      vision: modelType === "image2text",
    }));
    setFeedback(null);
  };

  const check = () => {
    const { params, errors: found } = toModelParams(provider, values);
    setErrors(found);
    return params;
  };

  const runTest = async () => {
    const params = check();
    if (!params) return;
    setFeedback(null);
    try {
      const result = await test.mutateAsync(params);
      setFeedback(
        result.ok
          ? { status: "success", title: t("models.form.testOk"), detail: result.detail }
          : { status: "error", title: t("models.form.testFailed"), detail: result.detail },
      );
    } catch (error) {
      setFeedback({ status: "error", title: t("models.form.testFailed"), detail: errorMessage(error) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const params = check();
    if (!params) return;
    setFeedback(null);
    try {
      await add.mutateAsync(params);
    } catch (error) {
      setFeedback({ status: "error", title: t("models.form.saveFailed"), detail: errorMessage(error) });
      return;
    }
    notifySuccess(t("models.form.saved"));
    onClose();
  };

  return (
    <FormDialog
      title={t("models.form.title", { provider: provider.name })}
      onSubmit={submit}
      onClose={onClose}
      loading={add.isPending}
    >
      <Stack gap="4">
        <FormField
          label={t("models.form.instanceName")}
          helper={t("models.form.instanceNameHint")}
          error={errors.instanceName}
          required
        >
          <Input
            name="instance_name"
            value={values.instanceName}
            autoComplete="off"
            onChange={(e) => set("instanceName", e.target.value)}
          />
        </FormField>
        <FormField label={t("models.form.modelType")} required>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="model_type"
              value={values.modelType}
              onChange={(e) => changeType(e.target.value as ModelType)}
            >
              {types.map((type) => {
                const key = typeLabelKey(type);
                return (
                  <option key={type} value={type}>
                    {key ? t(key) : type}
                  </option>
                );
              })}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {catalogue.length > 0 && (
          <FormField label={t("models.form.modelName")} required>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="llm_choice"
                value={values.choice}
                onChange={(e) => set("choice", e.target.value)}
              >
                {catalogue.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
                {provider.any_model && <option value={OTHER_MODEL}>{t("models.form.other")}</option>}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        )}
        {custom && (
          <FormField
            label={catalogue.length > 0 ? t("models.form.customName") : t("models.form.modelName")}
            helper={t("models.form.customNameHint")}
            error={errors.llmName}
            required
          >
            <Input
              name="llm_name"
              value={values.customName}
              placeholder={t("models.form.customNamePlaceholder")}
              autoComplete="off"
              onChange={(e) => set("customName", e.target.value)}
            />
          </FormField>
        )}
        {provider.binding ? (
          <Text fontSize="sm" color="fg.muted">
            {t("models.form.bindingHint")}
          </Text>
        ) : (
          <>
            {keyOrCredentials(provider) && (
              <Text fontSize="sm" color="fg.muted">
                {t("models.form.keyOrAccessKeysHint")}
              </Text>
            )}
            {showsApiKey(provider) ? (
              <FormField
                label={t("models.form.apiKey")}
                helper={provider.local ? t("models.form.apiKeyLocal") : t("models.form.apiKeyStored")}
                error={errors.apiKey}
                required={needsApiKey(provider)}
              >
                <Input
                  name="api_key"
                  type="password"
                  autoComplete="off"
                  value={values.apiKey}
                  placeholder={t("models.form.apiKeyPlaceholder")}
                  onChange={(e) => set("apiKey", e.target.value)}
                />
              </FormField>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {t("models.form.keylessHint")}
              </Text>
            )}
            <CredentialFields
              fields={provider.credentials}
              values={values.credentials}
              errors={errors}
              onChange={setCredential}
            />
            <FormField
              label={t("models.form.baseUrl")}
              helper={
                defaultBaseHint(provider) ? t("models.form.baseUrlHint", { url: defaultBaseHint(provider) }) : undefined
              }
              error={errors.apiBase}
              required={!defaultBaseHint(provider)}
            >
              <Input
                name="api_base"
                type="url"
                inputMode="url"
                autoComplete="off"
                value={values.apiBase}
                placeholder={provider.url.default || "https://"}
                onChange={(e) => set("apiBase", e.target.value)}
              />
            </FormField>
          </>
        )}
        <FormField
          label={t("models.form.maxTokens")}
          helper={t("models.form.maxTokensHint")}
          error={errors.maxTokens}
          required
        >
          <Input
            name="max_tokens"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={values.maxTokens}
            onChange={(e) => set("maxTokens", e.target.value)}
          />
        </FormField>
        {showsVision(values.modelType) && (
          <Switch.Root
            name="vision"
            colorPalette="teal"
            checked={values.vision}
            onCheckedChange={(e) => set("vision", e.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t("models.form.vision")}</Switch.Label>
          </Switch.Root>
        )}
        <HStack>
          <Button
            variant="outline"
            colorPalette="teal"
            onClick={() => void runTest()}
            loading={test.isPending}
            disabled={add.isPending}
          >
            <PlugZap /> {t("models.form.test")}
          </Button>
        </HStack>
        <Box aria-live="polite">
          {feedback && (
            <Alert.Root
              status={feedback.status}
              role={feedback.status === "error" ? "alert" : "status"}
              data-testid="model-feedback"
            >
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{feedback.title}</Alert.Title>
                {feedback.detail && <Alert.Description wordBreak="break-word">{feedback.detail}</Alert.Description>}
              </Alert.Content>
            </Alert.Root>
          )}
        </Box>
      </Stack>
    </FormDialog>
  );
};
