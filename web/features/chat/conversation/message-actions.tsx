import { Box, Button, HStack, IconButton, Stack, Text, Wrap } from "@chakra-ui/react";
import { MessageCircleQuestion, RefreshCw, ScrollText, Square, Trash2, Volume2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../../worker/contract/chats";
import { speak, useDeleteMessageMutation, useFeedbackMutation } from "../../../api/chats";
import { ApiError, ErrorCode } from "../../../api/client";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { errorMessage, notifyError, notifySuccess } from "../../../components/notify";
import { ViewDialog } from "../../../components/view-dialog";
import i18n from "../../../i18n";
import { plainAnswer } from "./answer-markdown";
import { CopyAnswerButton, FeedbackButtons } from "./feedback-buttons";

// The server answers code 102 "No default TTS model is set" / "No default ASR model is set".
export const isMissingModel = (error: unknown, model: "TTS" | "ASR") =>
  error instanceof ApiError && error.code === ErrorCode.data && error.message.includes(model);

const browserSpeech = () => (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;

const silence = (player: HTMLAudioElement | null, browser: boolean) => {
  player?.pause();
  if (browser) browserSpeech()?.cancel();
};

export const speechLang = () => (i18n.language === "en" ? "en-US" : "de-DE");

// Server text-to-speech first; without a TTS model the browser's own voice, if it has one.
const useReadAloud = (text: string) => {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "loading" | "playing">("idle");
  const [notice, setNotice] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const inBrowser = useRef(false);

  useEffect(() => () => silence(audio.current, inBrowser.current), []);
  const stop = () => {
    silence(audio.current, inBrowser.current);
    audio.current = null;
    inBrowser.current = false;
    setState("idle");
  };

  const speakInBrowser = (synth: SpeechSynthesis) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = speechLang();
    utterance.onend = () => stop();
    utterance.onerror = () => stop();
    inBrowser.current = true;
    synth.speak(utterance);
    setState("playing");
  };

  const play = async () => {
    setNotice(null);
    setState("loading");
    try {
      const url = URL.createObjectURL(await speak(text));
      const player = new Audio(url);
      audio.current = player;
      player.onended = () => {
        URL.revokeObjectURL(url);
        setState("idle");
      };
      await player.play();
      setState("playing");
    } catch (error) {
      const synth = browserSpeech();
      if (isMissingModel(error, "TTS") && synth) speakInBrowser(synth);
      else {
        setState("idle");
        setNotice(isMissingModel(error, "TTS") ? t("chat.actions.noTts") : errorMessage(error));
      }
    }
  };
  return { state, notice, toggle: () => (state === "idle" ? void play() : stop()) };
};

type Props = {
  chatId: string;
  sessionId: string;
  message: ChatMessage;
  // the opener has no question: no feedback, no delete
  answered: boolean;
  tts: boolean;
  // the assistant's prompt icon: the answer's full prompt, as the server kept it
  showPrompt: boolean;
  disabled?: boolean;
  onRegenerate?: () => void;
};

const PromptButton = ({ prompt }: { prompt: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton size="xs" variant="ghost" aria-label={t("chat.actions.showPrompt")} onClick={() => setOpen(true)}>
        <ScrollText />
      </IconButton>
      {open && (
        <ViewDialog title={t("chat.actions.promptTitle")} size="xl" testId="prompt-dialog" onClose={() => setOpen(false)}>
          <Box as="pre" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" fontFamily="mono" bg="bg.muted" p="3" rounded="md">
            {prompt}
          </Box>
        </ViewDialog>
      )}
    </>
  );
};

// Under a finished answer: copy, read aloud, thumbs, regenerate (last answer only) and delete the pair.
export const MessageActions = ({ chatId, sessionId, message, answered, tts, showPrompt, disabled, onRegenerate }: Props) => {
  const { t } = useTranslation();
  const text = plainAnswer(message.content);
  const readAloud = useReadAloud(text);
  const feedback = useFeedbackMutation(chatId, sessionId);
  const remove = useDeleteMessageMutation(chatId, sessionId);
  const removePair = async () => {
    const saved = await remove.mutateAsync(message.id).catch(notifyError);
    if (saved) notifySuccess(t("common.toast.deleted"));
  };

  return (
    <Stack gap="1" mt="1">
      <HStack gap="0.5" color="fg.muted" data-testid="message-actions">
        <CopyAnswerButton text={text} />
        {tts && (
          <IconButton
            size="xs"
            variant="ghost"
            loading={readAloud.state === "loading"}
            aria-label={readAloud.state === "playing" ? t("chat.actions.stopReading") : t("chat.actions.readAloud")}
            onClick={readAloud.toggle}
          >
            {readAloud.state === "playing" ? <Square /> : <Volume2 />}
          </IconButton>
        )}
        {showPrompt && message.prompt && <PromptButton prompt={message.prompt} />}
        {answered && (
          <>
            <FeedbackButtons
              thumbup={message.thumbup}
              disabled={disabled}
              pending={feedback.isPending}
              save={(body) => feedback.mutateAsync({ messageId: message.id, ...body })}
            />
            {onRegenerate && (
              <IconButton size="xs" variant="ghost" aria-label={t("chat.actions.regenerate")} disabled={disabled} onClick={onRegenerate}>
                <RefreshCw />
              </IconButton>
            )}
            <ConfirmDialog
              title={t("chat.actions.deleteTitle")}
              body={t("chat.actions.deleteBody")}
              loading={remove.isPending}
              onConfirm={removePair}
              trigger={
                <IconButton size="xs" variant="ghost" aria-label={t("chat.actions.delete")} disabled={disabled}>
                  <Trash2 />
                </IconButton>
              }
            />
          </>
        )}
      </HStack>
      {readAloud.notice && (
        <Text fontSize="xs" color="fg.error" role="alert">
          {readAloud.notice}
        </Text>
      )}
    </Stack>
  );
};

// The suggested follow-up questions of the last answer; a click asks one.
export const RelatedQuestions = ({ questions, disabled, onAsk }: { questions: string[]; disabled?: boolean; onAsk(question: string): void }) => {
  const { t } = useTranslation();
  if (questions.length === 0) return null;
  return (
    <Stack gap="1.5" mt="2" as="section" aria-label={t("chat.related.title")}>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
        {t("chat.related.title")}
      </Text>
      <Wrap gap="2">
        {questions.map((question) => (
          <Button
            key={question}
            size="xs"
            variant="outline"
            colorPalette="teal"
            rounded="full"
            h="auto"
            py="1"
            whiteSpace="normal"
            textAlign="start"
            disabled={disabled}
            onClick={() => onAsk(question)}
          >
            <MessageCircleQuestion /> {question}
          </Button>
        ))}
      </Wrap>
    </Stack>
  );
};
