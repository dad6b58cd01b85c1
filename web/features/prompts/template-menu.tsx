import { Button, HStack, Menu, Spinner, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { BookmarkPlus, FileInput } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { promptTemplatesQueryOptions } from "../../api/prompt-templates";
import { errorMessage, notifySuccess } from "../../components/notify";
import { PopupMenu } from "../../components/popup-menu";
import { TemplateDialog } from "./template-dialog";

const MENU_SIZE = 100;

// "Insert from template": the team's templates, loaded when the menu opens; choosing one hands over its text.
export const TemplateInsertMenu = ({ onInsert }: { onInsert: (content: string) => void }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const templates = useQuery({ ...promptTemplatesQueryOptions({ page: 1, pageSize: MENU_SIZE }), enabled: open });
  const choose = (id: string) => {
    const template = templates.data?.templates.find((item) => item.id === id);
    if (!template) return;
    onInsert(template.content);
    notifySuccess(t("prompts.inserted", { name: template.name }));
  };
  return (
    <PopupMenu
      onOpenChange={(e) => setOpen(e.open)}
      onSelect={({ value }) => choose(value)}
      positioning={{ placement: "bottom-end" }}
      content={{ maxW: "sm", maxH: "80", overflowY: "auto" }}
      trigger={
        <Button size="xs" variant="outline">
          <FileInput /> {t("prompts.insert")}
        </Button>
      }
    >
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel fontWeight="normal" color="fg.muted" fontSize="xs">
          {t("prompts.insertHint")}
        </Menu.ItemGroupLabel>
        {templates.isPending ? (
          <HStack px="2" py="1.5">
            <Spinner size="xs" />
            <Text fontSize="sm">{t("common.loading")}</Text>
          </HStack>
        ) : templates.isError ? (
          <Text px="2" py="1.5" fontSize="sm" color="fg.error">
            {errorMessage(templates.error)}
          </Text>
        ) : templates.data.templates.length === 0 ? (
          <Text px="2" py="1.5" fontSize="sm" color="fg.muted">
            {t("prompts.insertEmpty")}
          </Text>
        ) : (
          templates.data.templates.map((template) => (
            <Menu.Item key={template.id} value={template.id} flexDirection="column" alignItems="start" gap="0">
              <Text>{template.name}</Text>
              {template.description && (
                <Text fontSize="xs" color="fg.muted" lineClamp={1}>
                  {template.description}
                </Text>
              )}
            </Menu.Item>
          ))
        )}
      </Menu.ItemGroup>
    </PopupMenu>
  );
};

// "Save as template": the template dialog, filled with the given text.
export const SaveAsTemplateButton = ({ content }: { content: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="ghost" onClick={() => setOpen(true)} disabled={!content.trim()}>
        <BookmarkPlus /> {t("prompts.saveAs")}
      </Button>
      {open && <TemplateDialog initial={{ content }} onClose={() => setOpen(false)} />}
    </>
  );
};
