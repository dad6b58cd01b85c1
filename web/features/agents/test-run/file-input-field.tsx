import { Button, Stack, Text } from "@chakra-ui/react";
import { FileUp } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AgentInputFile } from "../../../../worker/contract/agents";
import { isUploadable, UPLOAD_EXTENSIONS } from "../../../../worker/contract/documents";
import { errorMessage } from "../../../components/notify";
import { formatFileSize } from "../../../lib/file-size";
import { formatNumber } from "../../../lib/format";

const ACCEPT = Object.keys(UPLOAD_EXTENSIONS).map((extension) => `.${extension}`);

type State =
  | { status: "idle" }
  | { status: "reading" }
  | { status: "read"; file: AgentInputFile }
  | { status: "failed"; message: string };

type Props = {
  label: string;
  upload: (file: File) => Promise<AgentInputFile>;
  onChange: (text: string | undefined) => void;
};

// A Begin file input: the chosen file is read by the server and its text becomes the input's value.
export const FileInputField = ({ label, upload, onChange }: Props) => {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: "idle" });
  const picker = useRef<HTMLInputElement>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ status: "reading" });
    onChange(undefined);
    try {
      const read = await upload(file);
      setState({ status: "read", file: read });
      onChange(read.content);
    } catch (error) {
      setState({ status: "failed", message: errorMessage(error) });
    }
  };
  return (
    <Stack gap="1" align="start">
      <input
        ref={picker}
        type="file"
        accept={ACCEPT.join(",")}
        hidden
        aria-label={label}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file && !isUploadable(file.name))
            setState({ status: "failed", message: t("agents.run.fileType", { types: ACCEPT.join(" ") }) });
          else void choose(file);
        }}
      />
      <Button
        size="xs"
        variant="outline"
        loading={state.status === "reading"}
        loadingText={t("agents.run.fileReading")}
        onClick={() => picker.current?.click()}
      >
        <FileUp /> {state.status === "read" ? t("agents.run.fileOther") : t("agents.run.fileChoose")}
      </Button>
      {state.status === "read" && (
        <Text fontSize="xs" color="fg.muted" data-testid="file-input-read">
          {t(state.file.truncated ? "agents.run.fileTruncated" : "agents.run.fileRead", {
            name: state.file.name,
            size: formatFileSize(state.file.size),
            characters: formatNumber(state.file.content.length, 0),
          })}
        </Text>
      )}
      {state.status === "failed" && (
        <Text fontSize="xs" color="fg.error" role="alert">
          {state.message}
        </Text>
      )}
    </Stack>
  );
};
