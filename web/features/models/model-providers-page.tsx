import { Alert, EmptyState, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Boxes } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AvailableProvider, modelsQueryOptions } from "../../api/models";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";
import { SectionHeader } from "../settings/section-header";
import { AddModelDialog } from "./add-model-dialog";
import { BUILTIN_PROVIDER } from "./model-types";
import { AvailableProviderCard, ConfiguredProviderCard } from "./provider-cards";

const Section = ({
  title,
  hint,
  action,
  children,
}: {
  title: string;
  hint: string;
  action?: ReactNode;
  children: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Flex
        justify="space-between"
        align={{ base: "stretch", md: "end" }}
        gap="3"
        direction={{ base: "column", md: "row" }}
      >
        <Stack gap="1">
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        </Stack>
        {action}
      </Flex>
      {children}
    </Stack>
  );
};

const Loading = () => (
  <Stack gap="4" aria-busy="true" data-testid="models-loading">
    <Skeleton h="40" rounded="lg" />
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} h="32" rounded="lg" />
      ))}
    </SimpleGrid>
  </Stack>
);

// /user-setting/model and /profile-setting/model: providers that are set up, and providers that can be added.
export const ModelProvidersPage = () => {
  const { t } = useTranslation();
  const query = useQuery(modelsQueryOptions());
  const [adding, setAdding] = useState<AvailableProvider | null>(null);
  const [search, setSearch] = useState("");

  const body = () => {
    if (query.isError) return <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
    if (query.isPending) return <Loading />;
    const { providers, available } = query.data;
    const byName = new Map(available.map((provider) => [provider.name, provider]));
    const needle = search.trim().toLowerCase();
    const shown = needle ? available.filter((provider) => provider.name.toLowerCase().includes(needle)) : available;
    const onlyBuiltin = providers.every((provider) => provider.name === BUILTIN_PROVIDER);
    return (
      <Stack gap="10">
        <Section title={t("models.added")} hint={t("models.addedHint")}>
          <Stack gap="4">
            {providers.map((provider) => {
              const entry = byName.get(provider.name);
              return (
                <ConfiguredProviderCard
                  key={provider.name}
                  provider={provider}
                  onAdd={entry && (() => setAdding(entry))}
                />
              );
            })}
            {onlyBuiltin && (
              <Alert.Root status="info" variant="subtle" colorPalette="teal">
                <Alert.Indicator />
                <Alert.Description>{t("models.onlyBuiltin")}</Alert.Description>
              </Alert.Root>
            )}
          </Stack>
        </Section>
        <Section
          title={t("models.toAdd")}
          hint={t("models.toAddHint")}
          action={
            available.length > 0 && (
              <SearchInput label={t("models.searchProviders")} value={search} onChange={setSearch} delayMs={150} />
            )
          }
        >
          {shown.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg">
              <EmptyState.Content>
                <EmptyState.Indicator color="brand.fg">
                  <Boxes />
                </EmptyState.Indicator>
                <EmptyState.Description>
                  {needle ? t("models.noMatch", { query: search.trim() }) : t("models.noProviders")}
                </EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
              {shown.map((provider) => (
                <AvailableProviderCard key={provider.name} provider={provider} onAdd={() => setAdding(provider)} />
              ))}
            </SimpleGrid>
          )}
        </Section>
      </Stack>
    );
  };

  return (
    <Stack gap="0">
      <SectionHeader title={t("models.title")} description={t("models.description")} />
      {body()}
      {adding && (
        <AddModelDialog
          key={adding.name}
          provider={adding}
          takenInstances={[
            ...new Set(
              (query.data?.providers.find((provider) => provider.name === adding.name)?.models ?? []).map(
                (model) => model.instance_name,
              ),
            ),
          ]}
          onClose={() => setAdding(null)}
        />
      )}
    </Stack>
  );
};
