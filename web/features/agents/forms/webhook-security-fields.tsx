import { HStack, Input, NativeSelect, Textarea } from "@chakra-ui/react";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import {
  DEFAULT_MAX_BODY_SIZE,
  DEFAULT_RATE_LIMIT,
  RATE_LIMIT_PERIODS,
  WEBHOOK_JWT_ALGORITHMS,
  WebhookSecuritySchema,
} from "../../../../worker/contract/webhook-security";
import { FormField } from "../../../components/form-field";
import type { FieldMessage } from "../../../lib/form-errors";
import { text } from "./fields-props";

type Props = {
  security: Record<string, unknown>;
  setSecurity: (patch: Record<string, unknown>) => void;
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const lines = (value: unknown) => (Array.isArray(value) ? value.map(String).join("\n") : text(value));
const listOf = (value: string) =>
  value
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

// The contract's first problem per setting, as the form shows it: the same rules refuse the flow when it is saved.
const SETTING_OF_PATH: Record<string, string> = {
  ip_whitelist: "ipAllowList",
  "rate_limit.limit": "rateLimit",
  "rate_limit.per": "rateLimit",
  max_body_size: "maxBodySize",
  "jwt.required_claims": "requiredClaims",
  "jwt.algorithm": "algorithm",
};
const problems = (security: Record<string, unknown>) => {
  const result = v.safeParse(WebhookSecuritySchema, security);
  const found: Record<string, FieldMessage> = {};
  for (const issue of result.issues ?? []) {
    const path = (v.getDotPath(issue) ?? "").replace(/\.\d+$/, "");
    const setting = SETTING_OF_PATH[path];
    if (setting && !found[setting])
      found[setting] = {
        key: `agentTriggers.webhook.invalid.${setting}` as ParseKeys,
        values: { value: String(issue.input) },
      };
  }
  return found;
};

// RAGFlow v0.27's webhook checks beyond the caller's proof: JWT settings (when JWT is the protection), the addresses
// that may call, how often, and how large a body may be.
export const WebhookJwtFields = ({ security, setSecurity }: Props) => {
  const { t } = useTranslation();
  const jwt = record(security.jwt);
  const setJwt = (patch: Record<string, unknown>) => setSecurity({ jwt: { ...jwt, ...patch } });
  const errors = problems(security);
  return (
    <>
      <FormField label={t("agentTriggers.webhook.jwtSecret")} helper={t("agentTriggers.webhook.jwtSecretHint")}>
        <Textarea
          size="sm"
          rows={2}
          value={text(jwt.secret)}
          data-testid="webhook-jwt-secret"
          onChange={(e) => setJwt({ secret: e.target.value })}
        />
      </FormField>
      <HStack align="start">
        <FormField label={t("agentTriggers.webhook.algorithm")} error={errors.algorithm}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={(text(jwt.algorithm) || "hs256").toLowerCase()}
              onChange={(e) => setJwt({ algorithm: e.target.value })}
            >
              {WEBHOOK_JWT_ALGORITHMS.filter((alg) => alg !== "NONE").map((alg) => (
                <option key={alg} value={alg.toLowerCase()}>
                  {alg}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t("agentTriggers.webhook.issuer")}>
          <Input size="sm" value={text(jwt.issuer)} onChange={(e) => setJwt({ issuer: e.target.value })} />
        </FormField>
        <FormField label={t("agentTriggers.webhook.audience")}>
          <Input size="sm" value={text(jwt.audience)} onChange={(e) => setJwt({ audience: e.target.value })} />
        </FormField>
      </HStack>
      <FormField
        label={t("agentTriggers.webhook.requiredClaims")}
        helper={t("agentTriggers.webhook.requiredClaimsHint")}
        error={errors.requiredClaims}
      >
        <Input
          size="sm"
          value={lines(jwt.required_claims).replace(/\n/g, ", ")}
          onChange={(e) => setJwt({ required_claims: listOf(e.target.value) })}
        />
      </FormField>
    </>
  );
};

export const WebhookLimitFields = ({ security, setSecurity }: Props) => {
  const { t } = useTranslation();
  const rate = record(security.rate_limit);
  const errors = problems(security);
  const setRate = (patch: Record<string, unknown>) =>
    setSecurity({ rate_limit: { limit: DEFAULT_RATE_LIMIT.limit, per: DEFAULT_RATE_LIMIT.per, ...rate, ...patch } });
  return (
    <>
      <FormField
        label={t("agentTriggers.webhook.ipAllowList")}
        helper={t("agentTriggers.webhook.ipAllowListHint")}
        error={errors.ipAllowList}
      >
        <Textarea
          size="sm"
          rows={2}
          placeholder="203.0.113.7&#10;198.51.100.0/24"
          data-testid="webhook-ip-allow-list"
          value={lines(security.ip_whitelist)}
          onChange={(e) => setSecurity({ ip_whitelist: e.target.value.split("\n").map((line) => line.trim()) })}
          onBlur={(e) => setSecurity({ ip_whitelist: listOf(e.target.value) })}
        />
      </FormField>
      <HStack align="start">
        <FormField label={t("agentTriggers.webhook.rateLimit")} error={errors.rateLimit}>
          <HStack>
            <Input
              size="sm"
              w="20"
              inputMode="numeric"
              data-testid="webhook-rate-limit"
              value={String(rate.limit ?? DEFAULT_RATE_LIMIT.limit)}
              onChange={(e) => setRate({ limit: e.target.value === "" ? "" : Number(e.target.value) })}
            />
            <NativeSelect.Root size="sm" w="36">
              <NativeSelect.Field
                value={text(rate.per) || DEFAULT_RATE_LIMIT.per}
                onChange={(e) => setRate({ per: e.target.value })}
              >
                {RATE_LIMIT_PERIODS.map((per) => (
                  <option key={per} value={per}>
                    {t(`agentTriggers.webhook.per.${per}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        </FormField>
        <FormField
          label={t("agentTriggers.webhook.maxBodySize")}
          helper={t("agentTriggers.webhook.maxBodySizeHint")}
          error={errors.maxBodySize}
        >
          <Input
            size="sm"
            w="28"
            placeholder={DEFAULT_MAX_BODY_SIZE}
            data-testid="webhook-max-body-size"
            value={text(security.max_body_size)}
            onChange={(e) => setSecurity({ max_body_size: e.target.value.trim() || undefined })}
          />
        </FormField>
      </HStack>
    </>
  );
};
