import { Clipboard, IconButton, Input, InputGroup } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";

export const CopyField = ({ value, label }: { value: string; label: string }) => {
  const { t } = useTranslation();
  return (
    <Clipboard.Root value={value} w="full">
      <InputGroup
        endElement={
          <Clipboard.Trigger asChild>
            <IconButton variant="ghost" size="xs" aria-label={t("common.copy")}>
              <Clipboard.Indicator />
            </IconButton>
          </Clipboard.Trigger>
        }
      >
        <Clipboard.Input asChild>
          <Input aria-label={label} readOnly fontFamily="mono" fontSize="sm" />
        </Clipboard.Input>
      </InputGroup>
    </Clipboard.Root>
  );
};
