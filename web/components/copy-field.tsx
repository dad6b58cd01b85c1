import {
  Clipboard,
  type ClipboardRootProps,
  IconButton,
  type IconButtonProps,
  Input,
  InputGroup,
} from "@chakra-ui/react";
import { Check, Copy } from "lucide-react";
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

type CopyButtonProps = Omit<ClipboardRootProps, "value"> & {
  value: string;
  label: string;
  variant?: IconButtonProps["variant"];
};

// An icon button that copies a value and shows a check mark for a moment.
export const CopyButton = ({ value, label, variant = "ghost", ...rootProps }: CopyButtonProps) => (
  <Clipboard.Root value={value} {...rootProps}>
    <Clipboard.Trigger asChild>
      <IconButton size="xs" variant={variant} aria-label={label}>
        <Clipboard.Indicator copied={<Check />}>
          <Copy />
        </Clipboard.Indicator>
      </IconButton>
    </Clipboard.Trigger>
  </Clipboard.Root>
);
