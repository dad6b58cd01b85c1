import { Input, InputGroup } from "@chakra-ui/react";
import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";

type Props = { value: string; onChange: (value: string) => void; label: string; delayMs?: number };

// Typing updates at once; the parent hears about it after a short pause.
export const SearchInput = ({ value, onChange, label, delayMs = 300 }: Props) => {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(next), delayMs);
  };
  return (
    <InputGroup startElement={<Search size={16} />} maxW="xs">
      <Input type="search" aria-label={label} placeholder={label} value={text} onChange={(e) => type(e.target.value)} />
    </InputGroup>
  );
};
