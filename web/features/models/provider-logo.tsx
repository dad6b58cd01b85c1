import { Center } from "@chakra-ui/react";
import { Cpu } from "lucide-react";
import { BUILTIN_PROVIDER } from "./model-types";

// "OpenAI" → "Op", "ZHIPU-AI" → "ZA", "Voyage AI" → "VA".
export const initialsOf = (name: string) => {
  const parts = name.split(/[\s_\-/]+/).filter(Boolean);
  const [first = "", second = ""] = parts;
  const letters = parts.length > 1 ? `${first.charAt(0)}${second.charAt(0)}` : first.slice(0, 2);
  return letters.charAt(0).toUpperCase() + letters.slice(1);
};

// A simple letter mark per provider (an icon for the built-in one); the name is always shown beside it.
export const ProviderLogo = ({ name }: { name: string }) => (
  <Center
    aria-hidden="true"
    boxSize="10"
    flexShrink="0"
    rounded="md"
    bg="brand.subtle"
    color="brand.fg"
    borderWidth="1px"
    borderColor="brand.muted"
    fontWeight="bold"
    fontSize="sm"
  >
    {name === BUILTIN_PROVIDER ? <Cpu size={20} /> : initialsOf(name)}
  </Center>
);
