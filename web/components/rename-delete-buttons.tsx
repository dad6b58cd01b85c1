import { Button, HStack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";

type Props = {
  renameText: string;
  renameLabel: string;
  deleteLabel: string;
  onRename: () => void;
  onDelete: () => void;
};

// A table row's "rename" and "delete" buttons (each opens its dialog); the labels name what they act on.
export const RenameDeleteButtons = ({ renameText, renameLabel, deleteLabel, onRename, onDelete }: Props) => {
  const { t } = useTranslation();
  return (
    <HStack justify="end" gap="1">
      <Button size="xs" variant="ghost" onClick={onRename} aria-label={renameLabel}>
        {renameText}
      </Button>
      <Button size="xs" variant="ghost" colorPalette="red" onClick={onDelete} aria-label={deleteLabel}>
        {t("common.delete")}
      </Button>
    </HStack>
  );
};
