import { Button, HStack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";

type Props = { page: number; pageSize: number; total: number; onChange: (page: number) => void };

export const Pager = ({ page, pageSize, total, onChange }: Props) => {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <HStack justify="flex-end" gap="3">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t("kb.previous")}
      </Button>
      <Text fontSize="sm" color="fg.muted">
        {t("kb.pageOf", { page, pages })}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t("kb.next")}
      </Button>
    </HStack>
  );
};
