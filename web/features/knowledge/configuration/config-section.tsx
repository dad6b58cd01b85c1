import { Heading, Separator, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useId } from "react";
import type { ConfigErrors } from "./config-schema";
import type { ConfigValues, SetValue } from "./form-values";

type Props = { title: string; description?: string; children: ReactNode };

// One titled group of the configuration form; the heading names the region for screen readers.
export const ConfigSection = ({ title, description, children }: Props) => {
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap="5">
      <Separator />
      <Stack gap="1">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {description && (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
};

export type SectionProps = { values: ConfigValues; set: SetValue; errors: ConfigErrors };
