import { Button, Fieldset, IconButton, Stack } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";

type Props = {
  legend: string;
  hint: string;
  addLabel: string;
  addDisabled?: boolean;
  onAdd: () => void;
  children: ReactNode;
};

// A list of editable rows under a legend and hint, with an "add" button below (rows bring their own RemoveRowButton).
export const RowsFieldset = ({ legend, hint, addLabel, addDisabled, onAdd, children }: Props) => (
  <Fieldset.Root>
    <Fieldset.Legend fontWeight="medium">{legend}</Fieldset.Legend>
    <Fieldset.HelperText>{hint}</Fieldset.HelperText>
    <Stack gap="2">{children}</Stack>
    <Button size="sm" variant="outline" alignSelf="start" disabled={addDisabled} onClick={onAdd}>
      <Plus /> {addLabel}
    </Button>
  </Fieldset.Root>
);

// The bin at a row's end.
export const RemoveRowButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <IconButton size="sm" variant="ghost" aria-label={label} onClick={onClick}>
    <Trash2 />
  </IconButton>
);
