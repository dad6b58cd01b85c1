import { HStack, Input, Slider, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { formatNumber } from "../lib/format";

type Props = {
  name: string;
  label: string;
  inputLabel: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  helper?: ReactNode;
};

const decimalsOf = (step: number) => (String(step).split(".")[1] ?? "").length;

// A slider with a number box beside it for exact values, snapped to the step.
export const NumberSlider = ({ name, label, inputLabel, value, onChange, min, max, step = 0.01, helper }: Props) => {
  const decimals = decimalsOf(step);
  const snap = (next: number) => Number(Math.min(max, Math.max(min, Math.round(next / step) * step)).toFixed(decimals));
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  // the slider moved (or a preset changed the value): show it in the box
  if (value !== shown) {
    setShown(value);
    setDraft(String(value));
  }
  const type = (text: string) => {
    setDraft(text);
    const next = Number(text.replace(",", "."));
    if (text.trim() === "" || !Number.isFinite(next) || next < min || next > max) return;
    const snapped = snap(next);
    setShown(snapped);
    onChange(snapped);
  };
  return (
    <Stack gap="2">
      <Slider.Root
        name={name}
        value={[value]}
        onValueChange={(details) => onChange(snap(details.value[0] ?? min))}
        min={min}
        max={max}
        step={step}
        size="sm"
        colorPalette="teal"
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
            min={min}
            max={max}
            step={step}
            inputMode="decimal"
            aria-label={inputLabel}
            value={draft}
            onChange={(e) => type(e.target.value)}
            onBlur={() => setDraft(String(value))}
          />
        </HStack>
      </Slider.Root>
      {helper && (
        <Text as="div" fontSize="xs" color="fg.muted">
          {helper}
        </Text>
      )}
    </Stack>
  );
};
