import { Alert, Field, Input, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import {
  DAILY_CAP_MAX,
  DEFAULT_DAILY_CAP,
  DEFAULT_RATE_PER_MINUTE,
  MAX_ALLOWED_ORIGINS,
  RATE_PER_MINUTE_MAX,
  ShareTokenSchema,
} from "../../../worker/contract/share";
import { type ShareTarget, type ShareToken, useCreateShareTokenMutation } from "../../api/share";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { errorMessage, notifySuccess } from "../../components/notify";
import { checkAllowedOrigins } from "./allowed-origins";

// A limit typed as text, checked with the contract's schema of that field.
const limitOf = (text: string, schema: v.GenericSchema) => {
  const value = Number(text);
  return v.is(schema, value) ? value : null;
};

type Props = { target: ShareTarget; onClose(): void; onCreated(token: ShareToken): void };

// A new share link: a name for the owner, the sites that may embed it and its limits.
export const CreateLinkDialog = ({ target, onClose, onCreated }: Props) => {
  const { t } = useTranslation();
  const create = useCreateShareTokenMutation(target);
  const [name, setName] = useState("");
  const [originsText, setOriginsText] = useState("");
  const [rate, setRate] = useState(String(DEFAULT_RATE_PER_MINUTE));
  const [cap, setCap] = useState(String(DEFAULT_DAILY_CAP));
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const origins = checkAllowedOrigins(originsText);
  const ratePerMinute = limitOf(rate, ShareTokenSchema.entries.rate_per_minute.wrapped);
  const dailyCap = limitOf(cap, ShareTokenSchema.entries.daily_cap.wrapped);
  const originsError =
    origins.invalid.length > 0
      ? t("share.links.originsInvalid", { origins: origins.invalid.join(", ") })
      : origins.tooMany
        ? t("share.links.originsTooMany", { max: MAX_ALLOWED_ORIGINS })
        : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (originsError || ratePerMinute === null || dailyCap === null) return;
    setServerError(null);
    try {
      const token = await create.mutateAsync({
        name: name.trim(),
        allowed_origins: origins.origins,
        rate_per_minute: ratePerMinute,
        daily_cap: dailyCap,
      });
      notifySuccess(t("common.toast.created"));
      onClose();
      onCreated(token);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <FormDialog
      title={t("share.links.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending}
      submitLabel={t("common.create")}
    >
      <Stack gap="4">
        {serverError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{serverError}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t("share.links.name")} helper={t("share.links.nameHint")}>
          <Input name="name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} autoFocus />
        </FormField>
        <Field.Root invalid={attempted && originsError !== null}>
          <Field.Label>{t("share.links.origins")}</Field.Label>
          <Textarea
            name="allowed_origins"
            value={originsText}
            onChange={(e) => setOriginsText(e.target.value)}
            placeholder={"https://www.example.org\nhttps://intranet.example.org:8443"}
            fontFamily="mono"
            fontSize="sm"
            rows={3}
            autoresize
          />
          {attempted && originsError ? (
            <Field.ErrorText>{originsError}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t("share.links.originsHint")}</Field.HelperText>
          )}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField
            label={t("share.links.ratePerMinute")}
            helper={t("share.links.rateHint", { max: RATE_PER_MINUTE_MAX })}
            error={attempted && ratePerMinute === null ? "share.links.numberInvalid" : undefined}
          >
            <Input
              name="rate_per_minute"
              type="number"
              inputMode="numeric"
              min={1}
              max={RATE_PER_MINUTE_MAX}
              value={rate}
              onChange={(e) => setRate(e.target.value)}
            />
          </FormField>
          <FormField
            label={t("share.links.dailyCap")}
            helper={t("share.links.capHint")}
            error={attempted && dailyCap === null ? "share.links.numberInvalid" : undefined}
          >
            <Input
              name="daily_cap"
              type="number"
              inputMode="numeric"
              min={1}
              max={DAILY_CAP_MAX}
              value={cap}
              onChange={(e) => setCap(e.target.value)}
            />
          </FormField>
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
};
