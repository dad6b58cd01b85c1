import { Box, Field, HStack, IconButton, Input, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react";
import { Mic, Send, Square } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_QUESTION_CHARS, type Variable } from "../../../worker/contract/chats";
import { transcribe } from "../../api/chats";
import { errorMessage } from "../../components/notify";
import { isMissingModel, speechLang } from "./read-aloud";

// The Web Speech API is not in TypeScript's DOM types; this is the part used here.
type Recognition = {
  lang: string;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
};

const recognitionClass = () => {
  const scope = globalThis as {
    SpeechRecognition?: new () => Recognition;
    webkitSpeechRecognition?: new () => Recognition;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
};

const canRecord = () => typeof MediaRecorder !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);

type MicState = "idle" | "recording" | "transcribing" | "recognizing";

// Records with MediaRecorder for the server's speech-to-text; without an ASR model (or without
// MediaRecorder, or with browserOnly) the browser's own SpeechRecognition listens instead, where there is one.
const useSpeechInput = (onText: (text: string) => void, browserOnly = false) => {
  const { t } = useTranslation();
  const [state, setState] = useState<MicState>("idle");
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const fail = (text: string) => setNotice({ text, error: true });
  const recorder = useRef<MediaRecorder | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const serverHasNoAsr = useRef(browserOnly);

  useEffect(
    () => () => {
      if (recorder.current?.state === "recording") recorder.current.stop();
      recognition.current?.stop();
    },
    [],
  );

  const recognize = (again: boolean) => {
    const Speech = recognitionClass();
    if (!Speech) {
      fail(t(canRecord() ? "chat.composer.noStt" : "chat.composer.noMicrophone"));
      setState("idle");
      return;
    }
    const listener = new Speech();
    listener.lang = speechLang();
    listener.interimResults = false;
    listener.onresult = (event) => {
      const text = Array.from(event.results, (result) => result[0]?.transcript ?? "")
        .join(" ")
        .trim();
      if (text) onText(text);
    };
    listener.onend = () => setState("idle");
    listener.onerror = () => setState("idle");
    recognition.current = listener;
    setNotice(again ? { text: t("chat.composer.speakAgain"), error: false } : null);
    listener.start();
    setState("recognizing");
  };

  const sendToServer = async (audio: Blob) => {
    setState("transcribing");
    try {
      const text = (await transcribe(audio)).trim();
      if (text) onText(text);
      setState("idle");
    } catch (error) {
      if (!isMissingModel(error, "ASR")) {
        fail(errorMessage(error));
        setState("idle");
        return;
      }
      serverHasNoAsr.current = true;
      recognize(true);
    }
  };

  const record = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      fail(t("chat.composer.micDenied"));
      return;
    }
    const media = new MediaRecorder(stream);
    const parts: Blob[] = [];
    media.ondataavailable = (event) => parts.push(event.data);
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      void sendToServer(new Blob(parts, { type: media.mimeType || "audio/webm" }));
    };
    recorder.current = media;
    media.start();
    setNotice(null);
    setState("recording");
  };

  const toggle = () => {
    if (state === "recording") recorder.current?.stop();
    else if (state === "recognizing") recognition.current?.stop();
    else if (state === "idle") {
      if (serverHasNoAsr.current || !canRecord()) recognize(false);
      else void record();
    }
  };
  return { state, notice, toggle };
};

type VariableProps = {
  variables: Variable[];
  values: Record<string, string>;
  missing: string[];
  onChange(key: string, value: string): void;
};

// The assistant's prompt variables (other than {knowledge}); required ones must be filled before sending.
export const VariableFields = ({ variables, values, missing, onChange }: VariableProps) => {
  const { t } = useTranslation();
  if (variables.length === 0) return null;
  return (
    <SimpleGrid as="fieldset" columns={{ base: 1, sm: 2, lg: 3 }} gap="2" aria-label={t("chat.composer.variables")}>
      {variables.map((variable) => (
        <Field.Root key={variable.key} required={!variable.optional} invalid={missing.includes(variable.key)}>
          <Field.Label fontSize="xs" fontFamily="mono">
            {variable.key}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            size="xs"
            name={`variable-${variable.key}`}
            value={values[variable.key] ?? ""}
            onChange={(e) => onChange(variable.key, e.target.value)}
          />
          <Field.ErrorText>{t("validation.required")}</Field.ErrorText>
        </Field.Root>
      ))}
    </SimpleGrid>
  );
};

type Props = {
  value: string;
  onChange(value: string): void;
  onSend(): void;
  onStop(): void;
  streaming: boolean;
  busy: boolean;
  stt: boolean;
  placeholder?: string;
  // a shared chat's visitor has no account for the server's speech-to-text
  browserSpeechOnly?: boolean;
  // an agent in task mode runs on its inputs alone: sending without text is allowed
  allowEmpty?: boolean;
};

// The question box: Enter sends, Shift+Enter adds a line; while an answer streams it is locked and Stop shows.
export const Composer = ({
  value,
  onChange,
  onSend,
  onStop,
  streaming,
  busy,
  stt,
  placeholder,
  browserSpeechOnly,
  allowEmpty = false,
}: Props) => {
  const { t } = useTranslation();
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const speech = useSpeechInput(
    (text) => onChange(latest.current.trim() ? `${latest.current.trimEnd()} ${text}` : text),
    browserSpeechOnly,
  );
  const canSend = !busy && (allowEmpty || value.trim().length > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };
  const micLabel =
    speech.state === "recording" || speech.state === "recognizing"
      ? t("chat.composer.stopListening")
      : speech.state === "transcribing"
        ? t("chat.composer.transcribing")
        : t("chat.composer.listen");

  return (
    <Stack as="form" gap="1" onSubmit={submit}>
      <HStack
        align="end"
        gap="2"
        borderWidth="1px"
        rounded="lg"
        bg="app.surface"
        p="2"
        _focusWithin={{ borderColor: "brand.solid" }}
      >
        <Textarea
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={busy}
          placeholder={placeholder || t("chat.composer.placeholder")}
          aria-label={t("chat.composer.question")}
          maxLength={MAX_QUESTION_CHARS}
          autoresize
          rows={1}
          maxH="48"
          variant="flushed"
          border="none"
          resize="none"
          flex="1"
        />
        {stt && (
          <IconButton
            size="sm"
            variant={speech.state === "idle" ? "ghost" : "subtle"}
            colorPalette={speech.state === "idle" ? "gray" : "red"}
            aria-label={micLabel}
            aria-pressed={speech.state === "recording" || speech.state === "recognizing"}
            loading={speech.state === "transcribing"}
            disabled={busy}
            onClick={speech.toggle}
          >
            <Mic />
          </IconButton>
        )}
        {streaming ? (
          <IconButton
            size="sm"
            colorPalette="red"
            variant="subtle"
            aria-label={t("chat.composer.stop")}
            onClick={onStop}
          >
            <Square />
          </IconButton>
        ) : (
          <IconButton
            type="submit"
            size="sm"
            colorPalette="teal"
            aria-label={t("chat.composer.send")}
            disabled={!canSend}
            loading={busy}
          >
            <Send />
          </IconButton>
        )}
      </HStack>
      <Box minH="4">
        {speech.notice ? (
          <Text
            fontSize="xs"
            color={speech.notice.error ? "fg.error" : "fg.muted"}
            role={speech.notice.error ? "alert" : "status"}
          >
            {speech.notice.text}
          </Text>
        ) : (
          <Text fontSize="xs" color="fg.subtle">
            {t("chat.composer.hint")}
          </Text>
        )}
      </Box>
    </Stack>
  );
};
