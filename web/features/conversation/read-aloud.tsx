import { IconButton, Text } from "@chakra-ui/react";
import { Square, Volume2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, ErrorCode } from "../../api/client";
import { errorMessage } from "../../components/notify";
import i18n from "../../i18n";

// The server answers code 102 "No default TTS model is set" / "No default ASR model is set".
export const isMissingModel = (error: unknown, model: "TTS" | "ASR") =>
  error instanceof ApiError && error.code === ErrorCode.data && error.message.includes(model);

const browserSpeech = () => (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;

const silence = (player: HTMLAudioElement | null, browser: boolean) => {
  player?.pause();
  if (browser) browserSpeech()?.cancel();
};

export const speechLang = () => (i18n.language === "en" ? "en-US" : "de-DE");

// Server text-to-speech first (`speakText`: the owner's or a share link's); without a TTS model the browser's own
// voice, if it has one.
export const useReadAloud = (text: string, speakText: (text: string) => Promise<Blob>) => {
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
      const url = URL.createObjectURL(await speakText(text));
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

type ReadAloud = ReturnType<typeof useReadAloud>;

export const ReadAloudButton = ({ readAloud }: { readAloud: ReadAloud }) => {
  const { t } = useTranslation();
  return (
    <IconButton
      size="xs"
      variant="ghost"
      loading={readAloud.state === "loading"}
      aria-label={readAloud.state === "playing" ? t("chat.actions.stopReading") : t("chat.actions.readAloud")}
      onClick={readAloud.toggle}
    >
      {readAloud.state === "playing" ? <Square /> : <Volume2 />}
    </IconButton>
  );
};

export const ReadAloudNotice = ({ readAloud }: { readAloud: ReadAloud }) =>
  readAloud.notice ? (
    <Text fontSize="xs" color="fg.error" role="alert">
      {readAloud.notice}
    </Text>
  ) : null;
