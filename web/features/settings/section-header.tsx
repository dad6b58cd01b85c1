import { Heading, Stack, Text } from "@chakra-ui/react";

export const SectionHeader = ({ title, description }: { title: string; description?: string }) => (
  <Stack gap="1" mb="6">
    <Heading as="h1" size="lg">
      {title}
    </Heading>
    {description && <Text color="fg.muted">{description}</Text>}
  </Stack>
);
