import { Center } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { sharedInfoQueryOptions, visitorId } from "../../api/share";
import { PageLoader } from "../../components/page-loader";
import { type ShareParams } from "./share-params";
import { ShareProblemScreen } from "./share-problem";
import { SharedChat } from "./shared-chat";
import { useForcedColorMode, useShareLanguage } from "./use-share-environment";

// /chat/share: a chat assistant opened with a share token, for visitors without an account.
export const SharedChatPage = ({ params }: { params: ShareParams }) => {
  useForcedColorMode(params.theme);
  const client = useMemo(
    () => ({ chatId: params.chatId, token: params.token, visitorId: visitorId() }),
    [params.chatId, params.token],
  );
  const complete = Boolean(params.chatId && params.token);
  const info = useQuery({ ...sharedInfoQueryOptions(client), enabled: complete });
  // without a locale in the link the page speaks the assistant's language
  useShareLanguage(params.locale ?? (info.data ? (info.data.language === "English" ? "en" : "de") : null));

  if (!complete) return <ShareProblemScreen error={null} />;
  if (info.isError) return <ShareProblemScreen error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data)
    return (
      <Center minH="100dvh">
        <PageLoader />
      </Center>
    );
  return <SharedChat client={client} info={info.data} params={params} />;
};
