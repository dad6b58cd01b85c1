import { Button, HStack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";

type Props = {
  count: number;
  busy: boolean;
  onParse: () => void;
  onCancel: () => void;
  onEnable: (enabled: boolean) => void;
  onDelete: () => void;
};

export const BulkBar = ({ count, busy, onParse, onCancel, onEnable, onDelete }: Props) => {
  const { t } = useTranslation();
  return (
    <HStack
      gap="2"
      wrap="wrap"
      p="2"
      px="3"
      bg="brand.subtle"
      rounded="md"
      role="toolbar"
      aria-label={t("docs.selected", { count })}
    >
      <Text fontSize="sm" fontWeight="medium" me="2">
        {t("docs.selected", { count })}
      </Text>
      <Button size="xs" variant="outline" onClick={onParse} disabled={busy}>
        {t("docs.bulkParse")}
      </Button>
      <Button size="xs" variant="outline" onClick={onCancel} disabled={busy}>
        {t("docs.bulkCancel")}
      </Button>
      <Button size="xs" variant="outline" onClick={() => onEnable(true)} disabled={busy}>
        {t("docs.bulkEnable")}
      </Button>
      <Button size="xs" variant="outline" onClick={() => onEnable(false)} disabled={busy}>
        {t("docs.bulkDisable")}
      </Button>
      <Button size="xs" colorPalette="red" variant="outline" onClick={onDelete} disabled={busy}>
        {t("docs.bulkDelete")}
      </Button>
    </HStack>
  );
};
