import { Badge, Button, Card, Heading, HStack, IconButton, Stack, Switch, Table, Text, Wrap } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  type AvailableProvider,
  type ConfiguredModel,
  type ModelRef,
  type ProviderView,
  useDeleteModelMutation,
  useToggleModelMutation,
} from "../../api/models";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { formatCount } from "../../lib/format";
import { BUILTIN_PROVIDER, builtinNoteKey, typeLabelKey } from "./model-types";
import { ProviderLogo } from "./provider-logo";

const TypeBadge = ({ type }: { type: string }) => {
  const { t } = useTranslation();
  const key = typeLabelKey(type);
  return (
    <Badge variant="subtle" size="sm">
      {key ? t(key) : type}
    </Badge>
  );
};

// Type tags, a "local" tag and a "built-in" tag under a provider's name.
const ProviderTags = ({ types, local, builtin }: { types: string[]; local: boolean; builtin?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Wrap gap="1">
      {builtin && (
        <Badge colorPalette="teal" variant="solid" size="sm">
          {t("models.builtin")}
        </Badge>
      )}
      {local && !builtin && (
        <Badge colorPalette="teal" variant="outline" size="sm" title={t("models.localHint")}>
          {t("models.local")}
        </Badge>
      )}
      {types.map((type) => (
        <TypeBadge key={type} type={type} />
      ))}
    </Wrap>
  );
};

const refOf = (model: ConfiguredModel): ModelRef => ({
  provider: model.provider,
  instance: model.instance_name,
  name: model.llm_name,
});

const DeleteModelButton = ({ provider, model }: { provider: string; model: ConfiguredModel }) => {
  const { t } = useTranslation();
  const remove = useDeleteModelMutation();
  return (
    <ConfirmDialog
      title={t("models.deleteTitle")}
      body={t("models.deleteBody", { name: model.llm_name, provider })}
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync(refOf(model)).then(() => notifySuccess(t("common.toast.deleted")), notifyError)
      }
      trigger={
        <IconButton
          variant="ghost"
          size="sm"
          colorPalette="red"
          aria-label={t("models.deleteModel", { name: model.llm_name })}
        >
          <Trash2 />
        </IconButton>
      }
    />
  );
};

const EnabledSwitch = ({ model }: { model: ConfiguredModel }) => {
  const { t } = useTranslation();
  const toggle = useToggleModelMutation();
  return (
    <Switch.Root
      size="sm"
      colorPalette="teal"
      checked={model.enabled}
      disabled={toggle.isPending}
      onCheckedChange={(e) =>
        void toggle
          .mutateAsync({ ...refOf(model), enabled: e.checked })
          .then(() => notifySuccess(t("common.toast.updated")), notifyError)
      }
      aria-label={t("models.enabledFor", { name: model.llm_name })}
    >
      <Switch.HiddenInput />
      <Switch.Control />
    </Switch.Root>
  );
};

const ModelTable = ({ provider }: { provider: ProviderView }) => {
  const { t } = useTranslation();
  const builtin = provider.name === BUILTIN_PROVIDER;
  if (provider.models.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t("models.noModels")}
      </Text>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("models.model")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("models.type")}</Table.ColumnHeader>
            {!builtin && <Table.ColumnHeader>{t("models.instance")}</Table.ColumnHeader>}
            {!builtin && <Table.ColumnHeader>{t("models.keyHint")}</Table.ColumnHeader>}
            {!builtin && <Table.ColumnHeader>{t("models.baseUrl")}</Table.ColumnHeader>}
            <Table.ColumnHeader textAlign="end">{t("models.usedTokens")}</Table.ColumnHeader>
            {!builtin && <Table.ColumnHeader>{t("models.enabled")}</Table.ColumnHeader>}
            {!builtin && <Table.ColumnHeader textAlign="end">{t("common.actions")}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {provider.models.map((model) => {
            const note = model.builtin ? builtinNoteKey(model.llm_name) : null;
            return (
              <Table.Row key={model.id} data-testid="configured-model">
                <Table.Cell>
                  <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                    {model.llm_name}
                  </Text>
                  {note && (
                    <Text fontSize="xs" color="fg.muted" mt="1" maxW="md" whiteSpace="normal">
                      {t(note)}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <TypeBadge type={model.model_type} />
                </Table.Cell>
                {!builtin && <Table.Cell fontFamily="mono">{model.instance_name}</Table.Cell>}
                {!builtin && <Table.Cell fontFamily="mono">{model.api_key_hint || t("models.noKey")}</Table.Cell>}
                {!builtin && (
                  <Table.Cell fontSize="xs" wordBreak="break-all">
                    {model.api_base || t("models.noKey")}
                  </Table.Cell>
                )}
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {formatCount(model.used_tokens)}
                </Table.Cell>
                {!builtin && (
                  <Table.Cell>
                    <EnabledSwitch model={model} />
                  </Table.Cell>
                )}
                {!builtin && (
                  <Table.Cell textAlign="end">
                    {model.builtin ? null : <DeleteModelButton provider={provider.name} model={model} />}
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};

type ConfiguredProps = { provider: ProviderView; onAdd?: () => void };

// One provider that is set up: its models with type, key hint, base URL, used tokens and a delete button.
export const ConfiguredProviderCard = ({ provider, onAdd }: ConfiguredProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const builtin = provider.name === BUILTIN_PROVIDER;
  return (
    <Card.Root as="article" aria-labelledby={headingId} bg="app.surface" data-testid="configured-provider">
      <Card.Body gap="4">
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <HStack gap="3" align="start">
            <ProviderLogo name={provider.name} />
            <Stack gap="1">
              <Heading as="h3" size="md" id={headingId}>
                {provider.name}
              </Heading>
              <ProviderTags types={provider.types} local={provider.local} builtin={builtin} />
            </Stack>
          </HStack>
          {onAdd && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="teal"
              onClick={onAdd}
              aria-label={t("models.addModelFor", { provider: provider.name })}
            >
              <Plus /> {t("models.addModel")}
            </Button>
          )}
        </HStack>
        {builtin && (
          <Text fontSize="sm" color="fg.muted">
            {t("models.builtinNote")}
          </Text>
        )}
        <ModelTable provider={provider} />
      </Card.Body>
    </Card.Root>
  );
};

type AvailableProps = { provider: AvailableProvider; onAdd: () => void };

// A provider that can be added: name, letter logo, type tags, "local" when no key is needed.
export const AvailableProviderCard = ({ provider, onAdd }: AvailableProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card.Root as="article" aria-labelledby={headingId} size="sm" bg="app.surface" data-testid="available-provider">
      <Card.Body gap="3">
        <HStack gap="3">
          <ProviderLogo name={provider.name} />
          <Heading as="h3" size="sm" id={headingId} wordBreak="break-word">
            {provider.name}
          </Heading>
        </HStack>
        <ProviderTags types={provider.model_types} local={provider.local} />
      </Card.Body>
      <Card.Footer>
        <Button
          size="sm"
          variant="outline"
          colorPalette="teal"
          onClick={onAdd}
          aria-label={t("models.addModelFor", { provider: provider.name })}
        >
          <Plus /> {t("models.addModel")}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
};
