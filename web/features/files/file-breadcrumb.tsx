import { Breadcrumb } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { ancestorsQueryOptions } from "../../api/files";

// Root → … → current folder; every step but the last opens that folder.
export const FileBreadcrumb = ({
  folderId,
  onOpen,
}: {
  folderId: string | undefined;
  onOpen: (id: string | undefined) => void;
}) => {
  const { t } = useTranslation();
  const chain = useQuery(ancestorsQueryOptions(folderId)).data ?? [];
  const steps = [
    { id: undefined as string | undefined, name: t("files.root") },
    ...chain.slice(1).map((folder) => ({ id: folder.id as string | undefined, name: folder.name })),
  ];
  return (
    <Breadcrumb.Root aria-label={t("files.breadcrumb")} data-testid="file-breadcrumb">
      <Breadcrumb.List>
        {steps.map((step, i) => (
          <Fragment key={step.id ?? "root"}>
            {i > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              {i === steps.length - 1 ? (
                <Breadcrumb.CurrentLink>{step.name}</Breadcrumb.CurrentLink>
              ) : (
                <Breadcrumb.Link asChild>
                  <button type="button" onClick={() => onOpen(step.id)}>
                    {step.name}
                  </button>
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
};
