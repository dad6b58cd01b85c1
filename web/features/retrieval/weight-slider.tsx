import { HStack, Input, Slider, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { formatNumber } from "../../lib/format";

// Two decimals, so 1 − weight stays exact enough for the server's "sums to 1.0" check.
export const roundWeight = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100));

type Props = {
  label: string;
  inputLabel: string;
  name: string;
  value: number;
  onChange: (value: number) => void;
  helper?: ReactNode;
};

// A 0–1 slider with a number box beside it for exact values.
export const WeightSlider = ({ label, inputLabel, name, value, onChange, helper }: Props) => {
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  // the slider moved (or the parent reset the value): show it in the box
  if (value !== shown) {
    setShown(value);
    setDraft(String(value));
  }
  const type = (text: string) => {
    setDraft(text);
    const next = Number(text.replace(",", "."));
    if (text.trim() === "" || !Number.isFinite(next) || next < 0 || next > 1) return;
    const rounded = roundWeight(next);
    setShown(rounded);
    onChange(rounded);
  };
  return (
    <Stack gap="2">
      <Slider.Root
        name={name}
        value={[value]}
        onValueChange={(details) => onChange(roundWeight(details.value[0] ?? 0))}
        min={0}
        max={1}
        step={0.01}
        size="sm"
        colorPalette="teal"
        flex="1"
      >
        <HStack justify="space-between">
          <Slider.Label>{label}</Slider.Label>
          <Text fontSize="sm" fontVariantNumeric="tabular-nums" data-testid={`${name}-value`}>
            {formatNumber(value)}
          </Text>
        </HStack>
        <HStack gap="3">
          <Slider.Control flex="1">
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumbs />
          </Slider.Control>
          <Input
            type="number"
            size="xs"
            w="20"
            min={0}
            max={1}
            step={0.01}
            inputMode="decimal"
            aria-label={inputLabel}
            value={draft}
            onChange={(e) => type(e.target.value)}
            onBlur={() => setDraft(String(value))}
          />
        </HStack>
      </Slider.Root>
      {helper && (
        <Text fontSize="xs" color="fg.muted">
          {helper}
        </Text>
      )}
    </Stack>
  );
};
