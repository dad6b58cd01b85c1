import { Avatar, Button, FileUpload, HStack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AVATAR_MAX_LENGTH } from "../../../worker/contract/limits";
import { imageSrc } from "../../lib/image-src";

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

type Props = { name: string; value: string | null; onChange: (value: string) => void };

export const AvatarPicker = ({ name, value, onChange }: Props) => {
  const { t } = useTranslation();
  const [error, setError] = useState<"validation.avatarType" | "validation.avatarSize" | null>(null);

  const accept = async (file: File | undefined) => {
    if (!file) return;
    if (!["image/png", "image/jpeg"].includes(file.type)) return setError("validation.avatarType");
    const dataUrl = await readAsDataUrl(file);
    if (dataUrl.length > AVATAR_MAX_LENGTH) return setError("validation.avatarSize");
    setError(null);
    onChange(dataUrl);
  };

  return (
    <HStack gap="4" align="center">
      <Avatar.Root size="xl" colorPalette="teal">
        <Avatar.Fallback name={name} />
        {value && <Avatar.Image src={imageSrc(value)} alt="" />}
      </Avatar.Root>
      <FileUpload.Root
        accept={["image/png", "image/jpeg"]}
        maxFiles={1}
        onFileAccept={(e) => void accept(e.files[0])}
        onFileReject={() => setError("validation.avatarType")}
        w="auto"
      >
        <FileUpload.HiddenInput aria-label={t("settings.uploadPhoto")} />
        <FileUpload.Trigger asChild>
          <Button variant="outline" size="sm">
            {t("settings.uploadPhoto")}
          </Button>
        </FileUpload.Trigger>
      </FileUpload.Root>
      {value && (
        <Button variant="ghost" size="sm" onClick={() => onChange("")}>
          {t("settings.removePhoto")}
        </Button>
      )}
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t(error)}
        </Text>
      )}
    </HStack>
  );
};
