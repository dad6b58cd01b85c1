import { Avatar, chakra, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { imageSrc } from "../lib/image-src";

type Props = {
  name: string;
  avatar?: string | null;
  description?: string | null;
  detail: string;
  selected: boolean;
  onSelect: () => void;
  // the row's "…" menu
  menu: ReactNode;
  testId: string;
};

// One entry of a side list (assistants, search apps): the row selects it, the menu beside it acts on it.
export const SideListItem = ({ name, avatar, description, detail, selected, onSelect, menu, testId }: Props) => (
  <HStack
    as="li"
    gap="0"
    pe="1"
    rounded="md"
    bg={selected ? "brand.muted" : undefined}
    _hover={{ bg: selected ? "brand.muted" : "bg.muted" }}
    data-testid={testId}
  >
    <chakra.button
      type="button"
      flex="1"
      minW="0"
      display="flex"
      alignItems="center"
      gap="3"
      px="2"
      py="2"
      rounded="md"
      textAlign="start"
      cursor="pointer"
      focusVisibleRing="inside"
      aria-current={selected ? "true" : undefined}
      onClick={onSelect}
    >
      <Avatar.Root size="sm" colorPalette="teal" flexShrink="0" aria-hidden>
        <Avatar.Fallback name={name} />
        {avatar && <Avatar.Image src={imageSrc(avatar)} alt="" />}
      </Avatar.Root>
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" fontSize="sm" truncate>
          {name}
        </Text>
        {description && (
          <Text fontSize="xs" color="fg.muted" truncate>
            {description}
          </Text>
        )}
        <Text fontSize="xs" color="fg.subtle">
          {detail}
        </Text>
      </Stack>
    </chakra.button>
    {menu}
  </HStack>
);
