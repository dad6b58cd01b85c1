import { Button, Dialog, Portal, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link2, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type SearchApp, searchShareTokensQueryOptions, searchShareUrl, useCreateSearchShareTokenMutation, useDeleteSearchShareTokenMutation } from "../../api/searches";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { CopyField } from "../../components/copy-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { RouteErrorMessage } from "../../components/route-error";

// One public link per search app (more can be made through the API): create it, copy it, revoke it.
export const ShareSearchDialog = ({ app, onClose }: { app: SearchApp; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const tokens = useQuery(searchShareTokensQueryOptions(app.id));
  const create = useCreateSearchShareTokenMutation(app.id);
  const remove = useDeleteSearchShareTokenMutation(app.id);
  const [revoking, setRevoking] = useState(false);
  const token = tokens.data?.[0];
  const url = token ? searchShareUrl(window.location.origin, app, token.token, { locale: i18n.language === "en" ? "en" : "de" }) : "";

  const createLink = () =>
    create.mutateAsync({ name: app.name.slice(0, 100) }).then(() => notifySuccess(t("common.toast.created")), notifyError);
  const revoke = async () => {
    if (!token) return;
    try {
      await remove.mutateAsync(token.id);
    } catch (error) {
      notifyError(error);
      return;
    }
    notifySuccess(t("common.toast.deleted"));
    setRevoking(false);
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="search-share-dialog">
            <Dialog.Header>
              <Dialog.Title>{t("search.shareDialog.title")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {t("search.shareDialog.body")}
                </Text>
                {tokens.isError ? (
                  <RouteErrorMessage error={tokens.error} onRetry={() => void tokens.refetch()} />
                ) : tokens.isPending ? (
                  <Skeleton h="10" rounded="md" />
                ) : token ? (
                  <Stack gap="2">
                    <CopyField value={url} label={t("search.shareDialog.link")} />
                    <Button size="sm" variant="ghost" colorPalette="red" alignSelf="start" onClick={() => setRevoking(true)}>
                      <Trash2 /> {t("search.shareDialog.revoke")}
                    </Button>
                  </Stack>
                ) : (
                  <Stack gap="2" align="start">
                    <Text fontSize="sm">{t("search.shareDialog.none")}</Text>
                    <Button colorPalette="teal" loading={create.isPending} onClick={() => void createLink()}>
                      <Link2 /> {t("search.shareDialog.create")}
                    </Button>
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t("common.close")}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {revoking && (
        <ConfirmDialog open onClose={() => setRevoking(false)} title={t("search.shareDialog.revokeTitle")} body={t("search.shareDialog.revokeBody")} loading={remove.isPending} onConfirm={revoke} />
      )}
    </Dialog.Root>
  );
};
