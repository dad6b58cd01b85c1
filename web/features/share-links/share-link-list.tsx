import { Badge, Button, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type ShareTarget, type ShareToken, useDeleteShareTokenMutation } from "../../api/share";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { formatCount } from "../../lib/format";

type Props = { target: ShareTarget; links: ShareToken[]; selectedId: string | null; onSelect(id: string | null): void };

// The share links of an assistant or agent; the selected one feeds the embed codes below.
export const ShareLinkList = ({ target, links, selectedId, onSelect }: Props) => {
  const { t } = useTranslation();
  const remove = useDeleteShareTokenMutation(target);
  const removeLink = async (link: ShareToken) => {
    const done = await remove.mutateAsync(link.id).then(
      () => true,
      (error: unknown) => notifyError(error),
    );
    if (!done) return;
    notifySuccess(t("common.toast.deleted"));
    if (link.id === selectedId) onSelect(links.find((other) => other.id !== link.id)?.id ?? null);
  };

  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t("share.links.title")}>
      {links.map((link) => {
        const selected = link.id === selectedId;
        const name = link.name || t("share.links.unnamed");
        return (
          <HStack
            as="li"
            key={link.id}
            gap="2"
            borderWidth="1px"
            rounded="md"
            pe="2"
            borderColor={selected ? "brand.solid" : "border"}
            bg={selected ? "brand.subtle" : "app.surface"}
            data-testid="share-link"
          >
            <Button
              variant="plain"
              flex="1"
              minW="0"
              h="auto"
              py="2"
              ps="3"
              justifyContent="start"
              aria-pressed={selected}
              onClick={() => onSelect(link.id)}
            >
              <Stack gap="0.5" align="start" minW="0">
                <Text fontSize="sm" fontWeight="semibold" color="fg" truncate maxW="full">
                  {name}
                </Text>
                <Text fontSize="xs" color="fg.muted" fontWeight="normal" truncate maxW="full">
                  {link.allowed_origins.length ? link.allowed_origins.join(", ") : t("share.links.anySite")}
                </Text>
              </Stack>
            </Button>
            <Badge
              variant="surface"
              colorPalette={link.used_today >= link.daily_cap ? "red" : "gray"}
              fontVariantNumeric="tabular-nums"
              flexShrink="0"
            >
              {t("share.links.usedToday", { used: formatCount(link.used_today), cap: formatCount(link.daily_cap) })}
            </Badge>
            <ConfirmDialog
              title={t("share.links.deleteTitle")}
              body={t("share.links.deleteBody", { name })}
              loading={remove.isPending}
              onConfirm={() => removeLink(link)}
              trigger={
                <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t("share.links.delete", { name })}>
                  <Trash2 />
                </IconButton>
              }
            />
          </HStack>
        );
      })}
    </Stack>
  );
};
