import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { swatchValue } from "./color-field";
import type { ConfigValues } from "./config-form";

// Dark text on light colours, white on dark ones (relative luminance, WCAG).
export const readableOn = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(swatchValue(hex).slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? "#18181b" : "#ffffff";
};

type Props = Pick<ConfigValues, "colors" | "footerText" | "inputPlaceholder">;

// A fake exchange in the chosen colours, as the shared and embedded chat will show it.
export const DesignPreview = ({ colors, footerText, inputPlaceholder }: Props) => {
  const { t } = useTranslation();
  const color = (key: keyof Props["colors"]) => swatchValue(colors[key]);
  return (
    <Stack gap="1.5">
      <Text fontSize="sm" fontWeight="medium">
        {t("chatConfig.design.preview")}
      </Text>
      <Box
        borderWidth="1px"
        borderColor={color("border_color")}
        bg={color("background_color")}
        rounded="md"
        overflow="hidden"
        fontSize="sm"
        data-testid="design-preview"
        aria-hidden
      >
        <Stack gap="2" p="3">
          <Box
            alignSelf="flex-end"
            maxW="80%"
            px="3"
            py="2"
            rounded="lg"
            bg={color("user_bubble_color")}
            color={readableOn(colors.user_bubble_color)}
          >
            {t("chatConfig.design.previewQuestion")}
          </Box>
          <Box
            alignSelf="flex-start"
            maxW="80%"
            px="3"
            py="2"
            rounded="lg"
            bg={color("assistant_bubble_color")}
            color={color("text_color")}
          >
            {t("chatConfig.design.previewAnswer")}
          </Box>
        </Stack>
        <HStack gap="2" px="3" py="2" borderTopWidth="1px" borderColor={color("border_color")}>
          <Box
            flex="1"
            minW="0"
            truncate
            px="3"
            py="1.5"
            rounded="md"
            borderWidth="1px"
            borderColor={color("border_color")}
            bg={color("input_color")}
            color={color("text_color")}
            opacity={0.7}
          >
            {inputPlaceholder || t("chatConfig.design.inputPlaceholderDefault")}
          </Box>
          <Box px="3" py="1.5" rounded="md" bg={color("button_color")} color={readableOn(colors.button_color)}>
            {t("chatConfig.design.previewSend")}
          </Box>
        </HStack>
        <Box
          minH="7"
          px="3"
          py="1.5"
          textAlign="center"
          fontSize="xs"
          bg={color("footer_color")}
          color={color("text_color")}
        >
          {footerText}
        </Box>
      </Box>
    </Stack>
  );
};
