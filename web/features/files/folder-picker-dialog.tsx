import { Box } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { FolderTree } from "./folder-tree";

type Props = {
  excludeIds: string[];
  loading: boolean;
  onPick: (folderId: string) => Promise<unknown>;
  onClose: () => void;
};

export const FolderPickerDialog = ({ excludeIds, loading, onPick, onClose }: Props) => {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) void onPick(chosen);
  };
  return (
    <FormDialog
      title={t("files.moveTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      submitLabel={t("files.moveHere")}
      submitDisabled={!chosen}
    >
      <Box maxH="sm" overflowY="auto" borderWidth="1px" rounded="md" p="2" data-testid="folder-picker">
        <FolderTree chosen={chosen} onChoose={setChosen} excluded={excludeIds} />
      </Box>
    </FormDialog>
  );
};
