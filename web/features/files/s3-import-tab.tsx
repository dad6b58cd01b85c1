import { Button, Checkbox, HStack, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { CornerLeftUp, Folder } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { S3Listing } from "../../../worker/contract/files";
import { listS3, type S3Connection, useImportS3Mutation } from "../../api/files";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { useSelection } from "../../components/use-selection";
import { formatFileSize } from "../../lib/file-size";

const EMPTY: S3Connection = { endpoint: "", region: "auto", bucket: "", access_key_id: "", secret_access_key: "" };
// [body key, label, input type, the input's name]
const FIELDS = [
  ["endpoint", "files.s3.endpoint", "text", "s3-endpoint"],
  ["region", "files.s3.region", "text", "s3-region"],
  ["bucket", "files.s3.bucket", "text", "s3-bucket"],
  ["access_key_id", "files.s3.accessKey", "text", "s3-accessKeyId"],
  ["secret_access_key", "files.s3.secretKey", "password", "s3-secretAccessKey"],
] as const;

const parentPrefix = (prefix: string) => prefix.replace(/[^/]+\/$/, "");

// Connect, browse by prefix ("folders"), pick objects, import them into the open folder.
export const S3ImportTab = ({ parentId, onDone }: { parentId: string | undefined; onDone: () => void }) => {
  const { t } = useTranslation();
  const [connection, setConnection] = useState(EMPTY);
  const [prefix, setPrefix] = useState("");
  const [listing, setListing] = useState<S3Listing | null>(null);
  const { selected: chosen, select: toggle, clear: clearChosen } = useSelection();
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const browse = useMutation({
    mutationFn: ({ at, token }: { at: string; token?: string }) => listS3(connection, at, token),
  });
  const importS3 = useImportS3Mutation();

  const open = async (at: string, token?: string) => {
    const empty = new Set(FIELDS.filter(([key]) => !connection[key].trim()).map(([key]) => key as string));
    setMissing(empty);
    if (empty.size) return;
    const page = await browse.mutateAsync({ at, token }).catch(notifyError);
    if (!page) return;
    setPrefix(at);
    setListing((current) => (token && current ? { ...page, objects: [...current.objects, ...page.objects] } : page));
    if (!token) clearChosen();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await open(prefix);
  };

  const runImport = async () => {
    const imported = await importS3
      .mutateAsync({ ...connection, parent_id: parentId, keys: [...chosen] })
      .catch(notifyError);
    if (!imported) return;
    notifySuccess(t("files.s3.imported", { count: chosen.size }));
    onDone();
  };

  return (
    <Stack gap="4">
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t("files.s3.hint")}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {FIELDS.map(([key, label, type, name]) => (
              <FormField
                key={key}
                label={t(label)}
                error={missing.has(key) ? "validation.required" : undefined}
                required
              >
                <Input
                  name={name}
                  type={type}
                  autoComplete="off"
                  value={connection[key]}
                  onChange={(e) => setConnection({ ...connection, [key]: e.target.value })}
                />
              </FormField>
            ))}
            <FormField label={t("files.s3.prefix")}>
              <Input name="s3-prefix" value={prefix} onChange={(e) => setPrefix(e.target.value)} />
            </FormField>
          </SimpleGrid>
          <Button type="submit" alignSelf="end" variant="outline" loading={browse.isPending}>
            {t("files.s3.connect")}
          </Button>
        </Stack>
      </form>
      {listing && (
        <Stack gap="2" borderWidth="1px" rounded="md" p="3" maxH="xs" overflowY="auto" data-testid="s3-objects">
          <HStack justify="space-between">
            <Text fontWeight="medium">
              {t("files.s3.objects")}: {prefix || "/"}
            </Text>
            {prefix && (
              <Button size="xs" variant="ghost" onClick={() => void open(parentPrefix(prefix))}>
                <CornerLeftUp /> {t("files.s3.up")}
              </Button>
            )}
          </HStack>
          {listing.folders.map((folder) => (
            <Button key={folder} size="xs" variant="ghost" justifyContent="start" onClick={() => void open(folder)}>
              <Folder size={14} /> {folder.slice(prefix.length)}
            </Button>
          ))}
          {listing.objects.map((object) => (
            <Checkbox.Root
              key={object.key}
              checked={chosen.has(object.key)}
              onCheckedChange={(e) => toggle([object.key], e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {object.key.slice(prefix.length)}{" "}
                <Text as="span" color="fg.muted" fontSize="xs">
                  {formatFileSize(object.size)}
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
          {listing.folders.length + listing.objects.length === 0 && <Text color="fg.muted">{t("files.s3.empty")}</Text>}
          {listing.next_token && (
            <Button
              size="xs"
              variant="outline"
              alignSelf="start"
              loading={browse.isPending}
              onClick={() => void open(prefix, listing.next_token ?? undefined)}
            >
              {t("files.s3.more")}
            </Button>
          )}
        </Stack>
      )}
      {chosen.size > 0 && (
        <Button alignSelf="end" colorPalette="teal" loading={importS3.isPending} onClick={() => void runImport()}>
          {t("files.s3.import", { count: chosen.size })}
        </Button>
      )}
    </Stack>
  );
};
