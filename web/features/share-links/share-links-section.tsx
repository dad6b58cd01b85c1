import { Box, Button, EmptyState, HStack, Heading, Separator, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link2, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ShareTarget, type ShareToken, shareTokensQueryOptions } from "../../api/share";
import { RouteErrorMessage } from "../../components/route-error";
import { CreateLinkDialog } from "./create-link-dialog";
import { ShareLinkList } from "./share-link-list";

type Props = { target: ShareTarget; hint: string; children: (link: ShareToken) => ReactNode };

// The share links of an assistant or agent: list, create (name, sites, limits), delete; `children` shows what
// belongs to the chosen link (its URL, embed codes).
export const ShareLinksSection = ({ target, hint, children }: Props) => {
  const { t } = useTranslation();
  const links = useQuery(shareTokensQueryOptions(target));
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const selected = links.data?.find((link) => link.id === chosenId) ?? links.data?.[0] ?? null;

  const body = links.isError ? (
    <RouteErrorMessage error={links.error} onRetry={() => void links.refetch()} />
  ) : links.isPending ? (
    <Stack gap="2" aria-busy="true" aria-label={t("common.loading")}>
      <Skeleton h="14" rounded="md" />
      <Skeleton h="14" rounded="md" />
    </Stack>
  ) : links.data.length === 0 ? (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="md" size="sm">
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg">
          <Link2 />
        </EmptyState.Indicator>
        <EmptyState.Title fontSize="sm">{t("share.links.empty")}</EmptyState.Title>
        <EmptyState.Description fontSize="sm">{t("share.links.emptyHint")}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  ) : (
    <ShareLinkList target={target} links={links.data} selectedId={selected?.id ?? null} onSelect={setChosenId} />
  );

  return (
    <Stack gap="5">
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Box>
            <Heading as="h3" size="sm">
              {t("share.links.title")}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {hint}
            </Text>
          </Box>
          <Button size="sm" colorPalette="teal" onClick={() => setCreating(true)}>
            <Plus /> {t("share.links.create")}
          </Button>
        </HStack>
        {body}
      </Stack>
      {selected && (
        <>
          <Separator />
          {children(selected)}
        </>
      )}
      {creating && (
        <CreateLinkDialog
          target={target}
          onClose={() => setCreating(false)}
          onCreated={(link) => {
            setCreating(false);
            setChosenId(link.id);
          }}
        />
      )}
    </Stack>
  );
};
