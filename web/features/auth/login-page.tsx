import { Alert, Box, Button, Card, Checkbox, Flex, Heading, Image, Input, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { ParseKeys } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoginSchema, RegisterSchema } from "../../../worker/contract/users";
import { useLoginMutation, useRegisterMutation } from "../../api/auth";
import { ApiError, ErrorCode } from "../../api/client";
import { systemConfigQueryOptions } from "../../api/system";
import { FormField } from "../../components/form-field";
import { errorMessage, notifySuccess } from "../../components/notify";
import { type FieldErrors, validateForm } from "../../lib/form-errors";
import { LanguageSwitch } from "../layout/language-switch";
import { ThemeToggle } from "../layout/theme-toggle";

type Mode = "signIn" | "signUp";

const serverErrorKey = (error: unknown, mode: "signIn" | "signUp"): ParseKeys | null => {
  if (!(error instanceof ApiError)) return null;
  if (error.code === ErrorCode.authentication) return "login.badCredentials";
  if (error.code === ErrorCode.operating) return "login.alreadyRegistered";
  if (error.code === ErrorCode.tooManyRequests)
    return mode === "signIn" ? "login.tooManyAttempts" : "login.tooManyRegistrations";
  return null;
};

export const LoginPage = ({ redirectTo, expired }: { redirectTo?: string; expired?: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>("signIn");
  const [values, setValues] = useState({ email: "", password: "", nickname: "", remember: true });
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = useLoginMutation();
  const register = useRegisterMutation();
  const config = useQuery(systemConfigQueryOptions());
  const active = mode === "signIn" ? login : register;
  const registrationClosed = config.data?.registerEnabled === false;

  const set = (field: keyof typeof values) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schema = mode === "signIn" ? LoginSchema : RegisterSchema;
    const { output, errors: found } = validateForm(schema, values);
    setErrors(found ?? {});
    if (!output) return;
    const user =
      mode === "signIn"
        ? await login.mutateAsync(values).catch(() => null)
        : await register.mutateAsync(values).catch(() => null);
    if (!user) return;
    if (mode === "signUp") notifySuccess(t("common.toast.registered"));
    const target =
      redirectTo && redirectTo.startsWith("/") && !redirectTo.startsWith("/login") ? redirectTo : "/knowledge";
    await navigate({ to: target });
  };

  const failure = active.error;
  const failureKey = serverErrorKey(failure, mode);
  const switchMode = () => {
    setMode(mode === "signIn" ? "signUp" : "signIn");
    setErrors({});
    login.reset();
    register.reset();
  };

  return (
    <Flex minH="100vh" direction="column" bg="app.bg">
      <Flex justify="flex-end" gap="2" p="4">
        <LanguageSwitch />
        <ThemeToggle />
      </Flex>
      <Flex flex="1" align="center" justify="center" px="4" pb="16">
        <Card.Root w="full" maxW="md" bg="app.surface" as="main">
          <Card.Header>
            <Stack align="center" gap="3" textAlign="center">
              <Image src="/logo.svg" alt="" boxSize="12" />
              <Heading as="h1" size="2xl">
                {t(mode === "signIn" ? "login.signInTitle" : "login.signUpTitle")}
              </Heading>
              <Text color="fg.muted">{t("login.tagline")}</Text>
            </Stack>
          </Card.Header>
          <Card.Body>
            <form onSubmit={submit} noValidate>
              <Stack gap="4">
                {expired && !failure && (
                  <Alert.Root status="info">
                    <Alert.Indicator />
                    <Alert.Title>{t("login.sessionExpired")}</Alert.Title>
                  </Alert.Root>
                )}
                {failure && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{failureKey ? t(failureKey) : errorMessage(failure)}</Alert.Title>
                  </Alert.Root>
                )}
                <FormField label={t("login.email")} error={errors.email} required>
                  <Input
                    type="email"
                    name="email"
                    autoComplete="email"
                    value={values.email}
                    onChange={(e) => set("email")(e.target.value)}
                  />
                </FormField>
                {mode === "signUp" && (
                  <FormField label={t("login.nickname")} error={errors.nickname} required>
                    <Input
                      name="nickname"
                      autoComplete="nickname"
                      value={values.nickname}
                      onChange={(e) => set("nickname")(e.target.value)}
                    />
                  </FormField>
                )}
                <FormField label={t("login.password")} error={errors.password} required>
                  <Input
                    type="password"
                    name="password"
                    autoComplete={mode === "signIn" ? "current-password" : "new-password"}
                    value={values.password}
                    onChange={(e) => set("password")(e.target.value)}
                  />
                </FormField>
                {mode === "signIn" && (
                  <Checkbox.Root
                    checked={values.remember}
                    onCheckedChange={(e) => set("remember")(e.checked === true)}
                    colorPalette="teal"
                  >
                    <Checkbox.HiddenInput name="remember" />
                    <Checkbox.Control />
                    <Checkbox.Label>{t("login.rememberMe")}</Checkbox.Label>
                  </Checkbox.Root>
                )}
                <Button
                  type="submit"
                  colorPalette="teal"
                  loading={active.isPending}
                  disabled={mode === "signUp" && registrationClosed}
                >
                  {t(mode === "signIn" ? "login.signIn" : "login.signUp")}
                </Button>
                {mode === "signUp" && registrationClosed && (
                  <Text color="fg.error">{t("login.registrationClosed")}</Text>
                )}
              </Stack>
            </form>
          </Card.Body>
          <Card.Footer justifyContent="center">
            <Box textAlign="center" fontSize="sm">
              {t(mode === "signIn" ? "login.noAccount" : "login.haveAccount")}{" "}
              <Link as="button" color="brand.fg" fontWeight="semibold" onClick={switchMode}>
                {t(mode === "signIn" ? "login.signUp" : "login.signIn")}
              </Link>
            </Box>
          </Card.Footer>
        </Card.Root>
      </Flex>
    </Flex>
  );
};
