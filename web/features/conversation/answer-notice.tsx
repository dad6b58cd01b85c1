import { HStack, Link, Text } from "@chakra-ui/react";
import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AnswerNotice as Notice } from "../../../worker/contract/chats";

// a plain link: the answer is also shown outside the router (share pages, tests)
const MODEL_SETTINGS = "/user-setting/model";

type Props = {
  notice?: Notice | null;
  // the owner's pages link to the model settings; a share-link visitor cannot change the owner's model
  settingsLink?: boolean;
};

// What the server says about how an answer was made (the answer's `notice`), in the reader's language.
export const AnswerNotice = ({ notice, settingsLink = true }: Props) => {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <HStack
      gap="1.5"
      mt="1"
      fontSize="xs"
      color="fg.muted"
      flexWrap="wrap"
      role="note"
      data-testid="answer-notice"
      data-code={notice.code}
    >
      <Info size={14} aria-hidden />
      <Text as="span">{t(`chat.notice.${notice.code}`, { defaultValue: notice.message })}</Text>
      {settingsLink && (
        <Link href={MODEL_SETTINGS} color="brand.fg" fontWeight="medium">
          {t("chat.notice.connectModel")}
        </Link>
      )}
    </HStack>
  );
};
