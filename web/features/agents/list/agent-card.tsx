import { Badge, Card, HStack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Bot, Lock, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Agent } from "../../../api/agents";
import { LinkCard, LinkCardTitle } from "../../../components/card-list";
import { formatDateTime } from "../../../lib/format";
import { type AgentAction, AgentCardMenu } from "./agent-card-menu";

export const PermissionBadge = ({ permission }: { permission: Agent["permission"] }) => {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="subtle" colorPalette={permission === "team" ? "teal" : "gray"} gap="1">
      {permission === "team" ? <Users size={12} aria-hidden /> : <Lock size={12} aria-hidden />}
      {t(`agents.permission.${permission}`)}
    </Badge>
  );
};

export const AgentCard = ({ agent, onAction }: { agent: Agent; onAction: (action: AgentAction) => void }) => {
  const { t } = useTranslation();
  return (
    <LinkCard
      testId="agent-card"
      top={
        <HStack justify="space-between" align="start">
          <HStack gap="2" color="brand.fg">
            <Bot size={28} aria-hidden />
            <PermissionBadge permission={agent.permission} />
          </HStack>
          <AgentCardMenu title={agent.title} onAction={onAction} />
        </HStack>
      }
      link={
        <Link to="/flow/$id" params={{ id: agent.id }}>
          <LinkCardTitle>{agent.title}</LinkCardTitle>
        </Link>
      }
      description={agent.description}
      footer={
        <Card.Footer fontSize="xs" color="fg.muted">
          <Text>{t("agents.list.updated", { date: formatDateTime(agent.update_time) })}</Text>
        </Card.Footer>
      }
    />
  );
};
