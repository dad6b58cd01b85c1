import { Badge, Card, EmptyState, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RouteErrorMessage } from "../../components/route-error";

export type OverviewKind = "dataset" | "chat" | "agent" | "search";
export type OverviewItem = { id: string; name: string; meta: string };

const LIST_PATH = { dataset: "/datasets", chat: "/next-chat", agent: "/agent", search: "/next-search" } as const;

// Where an item opens: the new-style pages (a base's documents, the assistant's chat, the flow editor, the search app).
const ItemLink = ({ kind, id, children }: { kind: OverviewKind; id: string; children: ReactNode }) => {
  if (kind === "dataset")
    return (
      <Link to="/dataset/dataset" search={{ id }}>
        {children}
      </Link>
    );
  if (kind === "chat")
    return (
      <Link to="/next-chat" search={{ dialogId: id }}>
        {children}
      </Link>
    );
  if (kind === "agent")
    return (
      <Link to="/flow/$id" params={{ id }}>
        {children}
      </Link>
    );
  return (
    <Link to="/next-search" search={{ id }}>
      {children}
    </Link>
  );
};

type Props = {
  kind: OverviewKind;
  title: string;
  icon: LucideIcon;
  emptyText: string;
  state: { pending: boolean; error: unknown; retry: () => void; errorText?: string };
  items: OverviewItem[];
  total: number;
};

// One kind of thing on the home page: how many there are and the most recent few, each a link.
export const OverviewCard = ({ kind, title, icon: Icon, emptyText, state, items, total }: Props) => {
  const { t } = useTranslation();
  const headingId = `home-${kind}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId} bg="app.surface" data-testid={`home-card-${kind}`}>
      <Card.Header>
        <HStack justify="space-between" gap="3">
          <HStack gap="2">
            <Icon size={18} aria-hidden />
            <Heading as="h2" size="md" id={headingId}>
              {title}
            </Heading>
            {!state.pending && !state.error && (
              <Badge variant="subtle" aria-label={t("home.total", { count: total })} data-testid="home-card-total">
                {total}
              </Badge>
            )}
          </HStack>
          <Link to={LIST_PATH[kind]}>
            <Text fontSize="sm" color="brand.fg">
              {t("home.showAll")}
            </Text>
          </Link>
        </HStack>
      </Card.Header>
      <Card.Body pt="3">
        {state.error ? (
          state.errorText ? (
            <Text color="fg.muted" fontSize="sm" role="alert">
              {state.errorText}
            </Text>
          ) : (
            <RouteErrorMessage error={state.error} onRetry={state.retry} />
          )
        ) : state.pending ? (
          <Stack gap="2" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h="8" />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator color="brand.fg">
                <Icon />
              </EmptyState.Indicator>
              <EmptyState.Description>{emptyText}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {items.map((item) => (
              <li key={item.id}>
                <ItemLink kind={kind} id={item.id}>
                  <HStack justify="space-between" gap="3" px="2" py="1.5" rounded="md" _hover={{ bg: "bg.muted" }}>
                    <Text fontWeight="medium" truncate>
                      {item.name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" flexShrink="0">
                      {item.meta}
                    </Text>
                  </HStack>
                </ItemLink>
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
};
