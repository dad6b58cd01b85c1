import { Center, Spinner } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";

export const PageLoader = () => {
  const { t } = useTranslation();
  return (
    <Center py="16" aria-busy="true">
      <Spinner color="brand.solid" size="lg" aria-label={t("common.loading")} />
    </Center>
  );
};
