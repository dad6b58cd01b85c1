import { Button, Code, HStack, Input, NativeSelect, Stack, Switch, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { KeyRound, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { webhookLogsQueryOptions } from "../../../api/agent-triggers";
import { API_BASE } from "../../../api/client";
import { FormField } from "../../../components/form-field";
import { formatDateTime } from "../../../lib/format";
import { type FieldsProps, text } from "./fields-props";
import { WebhookJwtFields, WebhookLimitFields } from "./webhook-security-fields";

const AUTH_TYPES = ["token", "api_key", "basic", "jwt", "none"] as const;
const AUTH_LABELS = {
  token: "authToken",
  api_key: "authApiKey",
  basic: "authBasic",
  jwt: "authJwt",
  none: "authNone",
} as const;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const randomSecret = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, "0")).join("");

const WebhookLogs = ({ agentId }: { agentId: string }) => {
  const { t } = useTranslation();
  const query = useQuery(webhookLogsQueryOptions(agentId));
  const logs = query.data?.logs ?? [];
  return (
    <Stack gap="1" data-testid="webhook-logs">
      <HStack justify="space-between">
        <Text fontSize="sm" fontWeight="medium">
          {t("agentTriggers.webhook.logs")}
        </Text>
        <Button size="2xs" variant="ghost" onClick={() => void query.refetch()}>
          <RefreshCw /> {t("agentTriggers.webhook.refresh")}
        </Button>
      </HStack>
      {logs.length === 0 && (
        <Text fontSize="xs" color="fg.muted">
          {t("agentTriggers.webhook.noLogs")}
        </Text>
      )}
      {logs.slice(0, 10).map((log) => (
        <Text key={log.id} fontSize="xs" color={log.success ? undefined : "fg.error"} title={log.error ?? undefined}>
          {formatDateTime(log.create_time)} · {log.method} · {log.status}
          {log.request?.test ? ` · ${t("agentTriggers.webhook.testCall")}` : ""}
          {log.error ? ` · ${log.error}` : ""}
        </Text>
      ))}
    </Stack>
  );
};

// Begin in RAGFlow's "Webhook" mode: the address to call, how callers prove themselves, how they are answered.
export const WebhookFields = ({ form, set }: Pick<FieldsProps, "form" | "set">) => {
  const { t } = useTranslation();
  const { id: agentId } = useParams({ strict: false }) as { id?: string };
  const security = record(form.security);
  const token = record(security.token);
  const basic = record(security.basic_auth);
  const response = record(form.response);
  const authType = text(security.auth_type) || "none";
  const mode = text(form.execution_mode) || "Immediately";
  const setSecurity = (patch: Record<string, unknown>) => set("security", { ...security, ...patch });
  const url = `${window.location.origin}${API_BASE}/agents/${agentId ?? ""}/webhook`;
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" data-testid="webhook-fields">
      <Text fontWeight="semibold">{t("agentTriggers.webhook.title")}</Text>
      <FormField label={t("agentTriggers.webhook.url")} helper={t("agentTriggers.webhook.urlHint")}>
        <Code fontSize="xs" wordBreak="break-all" p="2" data-testid="webhook-url">
          {url}
        </Code>
      </FormField>
      <FormField label={t("agentTriggers.webhook.auth")}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={authType} onChange={(e) => setSecurity({ auth_type: e.target.value })}>
            {AUTH_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`agentTriggers.webhook.${AUTH_LABELS[type]}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {authType === "token" && (
        <>
          <FormField label={t("agentTriggers.webhook.tokenHeader")}>
            <Input
              size="sm"
              value={text(token.token_header) || "X-Webhook-Secret"}
              onChange={(e) => setSecurity({ token: { ...token, token_header: e.target.value } })}
            />
          </FormField>
          <FormField label={t("agentTriggers.webhook.tokenValue")}>
            <HStack>
              <Input
                size="sm"
                type="password"
                value={text(token.token_value)}
                onChange={(e) => setSecurity({ token: { ...token, token_value: e.target.value } })}
              />
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  setSecurity({
                    token: {
                      token_header: text(token.token_header) || "X-Webhook-Secret",
                      token_value: randomSecret(),
                    },
                  })
                }
              >
                <KeyRound /> {t("agentTriggers.webhook.generate")}
              </Button>
            </HStack>
          </FormField>
        </>
      )}
      {authType === "basic" && (
        <HStack align="start">
          <FormField label={t("agentTriggers.webhook.username")}>
            <Input
              size="sm"
              value={text(basic.username)}
              onChange={(e) => setSecurity({ basic_auth: { ...basic, username: e.target.value } })}
            />
          </FormField>
          <FormField label={t("agentTriggers.webhook.password")}>
            <Input
              size="sm"
              type="password"
              value={text(basic.password)}
              onChange={(e) => setSecurity({ basic_auth: { ...basic, password: e.target.value } })}
            />
          </FormField>
        </HStack>
      )}
      {authType === "jwt" && <WebhookJwtFields security={security} setSecurity={setSecurity} />}
      {authType === "none" && (
        <Switch.Root
          size="sm"
          colorPalette="orange"
          checked={security.allow_anonymous === true}
          onCheckedChange={(e) => setSecurity({ allow_anonymous: e.checked })}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t("agentTriggers.webhook.allowAnonymous")}</Switch.Label>
        </Switch.Root>
      )}
      <WebhookLimitFields security={security} setSecurity={setSecurity} />
      <FormField label={t("agentTriggers.webhook.executionMode")}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={mode} onChange={(e) => set("execution_mode", e.target.value)}>
            <option value="Immediately">{t("agentTriggers.webhook.immediately")}</option>
            <option value="Streaming">{t("agentTriggers.webhook.streaming")}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {mode === "Immediately" && (
        <HStack align="start">
          <FormField label={t("agentTriggers.webhook.status")}>
            <Input
              size="sm"
              w="24"
              inputMode="numeric"
              value={String(response.status ?? 200)}
              onChange={(e) => set("response", { ...response, status: Number(e.target.value) || e.target.value })}
            />
          </FormField>
          <FormField label={t("agentTriggers.webhook.bodyTemplate")}>
            <Input
              size="sm"
              value={text(response.body_template)}
              onChange={(e) => set("response", { ...response, body_template: e.target.value })}
            />
          </FormField>
        </HStack>
      )}
      {agentId && <WebhookLogs agentId={agentId} />}
    </Stack>
  );
};
