import { Stack, Switch, Text } from "@chakra-ui/react";
import { useId } from "react";

type Props = { name: string; label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void };

// An on/off setting with a sentence on what it does.
export const SettingSwitch = ({ name, label, hint, checked, onChange }: Props) => {
  const hintId = useId();
  return (
    <Stack gap="1">
      <Switch.Root name={name} checked={checked} onCheckedChange={(e) => onChange(e.checked)} colorPalette="teal">
        <Switch.HiddenInput aria-describedby={hintId} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      <Text id={hintId} fontSize="sm" color="fg.muted">
        {hint}
      </Text>
    </Stack>
  );
};
