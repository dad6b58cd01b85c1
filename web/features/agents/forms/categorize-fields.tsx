import { Button, Fieldset, HStack, IconButton, Stack, Textarea } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { dropBranch, renameBranch } from "../model/branches";
import type { FieldsProps } from "./fields-props";
import { freeKey, KeyInput, renameKey } from "./key-input";
import { ModelAndQueryFields } from "./query-model-fields";

export type Category = { description?: string; examples?: string[]; to?: string };

// Categorize: the model files the query under one category; each category is a branch (handle) of the node.
export const CategorizeFields = ({ node, form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const categories = (form.category_description ?? {}) as Record<string, Category>;
  const names = Object.keys(categories);
  const change = (name: string, patch: Partial<Category>) =>
    set("category_description", { ...categories, [name]: { ...categories[name], ...patch } });
  return (
    <Stack gap="4">
      <ModelAndQueryFields form={form} set={set} variables={variables} />
      <Fieldset.Root invalid={Boolean(errors.category_description)}>
        <Fieldset.Legend fontWeight="medium">{t("agents.form.categories")}</Fieldset.Legend>
        <Fieldset.HelperText>{t("agents.form.categoriesHint")}</Fieldset.HelperText>
        <Stack gap="3">
          {names.map((name) => {
            const category = categories[name] ?? {};
            return (
              <Stack key={name} gap="2" borderWidth="1px" rounded="md" p="2" data-testid="category">
                <HStack align="start" gap="2">
                  <KeyInput
                    value={name}
                    taken={names.filter((other) => other !== name)}
                    label={t("agents.form.categoryName")}
                    onRename={(next) =>
                      set("category_description", renameKey(categories, name, next), (edges) =>
                        renameBranch(edges, node.id, name, next),
                      )
                    }
                  />
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={t("agents.form.removeCategory", { name })}
                    onClick={() =>
                      set(
                        "category_description",
                        Object.fromEntries(Object.entries(categories).filter(([other]) => other !== name)),
                        (edges) => dropBranch(edges, node.id, name),
                      )
                    }
                  >
                    <Trash2 />
                  </IconButton>
                </HStack>
                <Textarea
                  size="sm"
                  rows={2}
                  aria-label={t("agents.form.categoryDescription", { name })}
                  placeholder={t("agents.form.categoryDescriptionPlaceholder")}
                  value={category.description ?? ""}
                  onChange={(e) => change(name, { description: e.target.value })}
                />
                <Textarea
                  size="sm"
                  rows={2}
                  aria-label={t("agents.form.categoryExamples", { name })}
                  placeholder={t("agents.form.categoryExamplesPlaceholder")}
                  value={(category.examples ?? []).join("\n")}
                  onChange={(e) => change(name, { examples: e.target.value.split("\n") })}
                />
              </Stack>
            );
          })}
        </Stack>
        {errors.category_description && <Fieldset.ErrorText>{t(errors.category_description)}</Fieldset.ErrorText>}
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() =>
            set("category_description", {
              ...categories,
              [freeKey(t("agents.form.categoryBase"), categories)]: { description: "", examples: [] },
            })
          }
        >
          <Plus /> {t("agents.form.addCategory")}
        </Button>
      </Fieldset.Root>
    </Stack>
  );
};
