import { Link } from "@chakra-ui/react";
import { createContext, type ReactNode, useContext } from "react";
import { downloadWithAuth, saveBlob } from "../../lib/save-blob";

// A flow's generated document (a DocGenerator's link): /api/v1/agents/<agent>/attachments/<doc>/<file name>.
const ATTACHMENT = /^\/api\/v1\/agents\/[0-9a-f]{32}\/attachments\/[0-9a-f]{32}\/([^/?#]+)$/;

export const attachmentName = (href: string | undefined) => {
  const match = href ? ATTACHMENT.exec(href) : null;
  return match ? decodeURIComponent(match[1] as string) : null;
};

// How a link downloads: signed in with the session's token; a shared flow's page provides its share token.
type Download = (href: string, name: string) => Promise<void>;
const AttachmentDownload = createContext<Download>(downloadWithAuth);

export const AttachmentDownloadProvider = ({ download, children }: { download: Download; children: ReactNode }) => (
  <AttachmentDownload.Provider value={download}>{children}</AttachmentDownload.Provider>
);

// the share route serves the same file to the flow's visitors with the link's token
export const sharedAttachmentDownload =
  (token: string, visitorId: string): Download =>
  async (href, name) => {
    const url = `${href.replace("/api/v1/agents/", "/api/v1/share/agents/")}?visitor_id=${encodeURIComponent(visitorId)}`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok || !response.headers.get("content-disposition"))
      throw new Error(`download failed (HTTP ${response.status})`);
    saveBlob(await response.blob(), name);
  };

export const AttachmentLink = ({ href, name, children }: { href: string; name: string; children: ReactNode }) => {
  const download = useContext(AttachmentDownload);
  return (
    <Link
      href={href}
      color="brand.fg"
      textDecoration="underline"
      download={name}
      onClick={(event) => {
        event.preventDefault();
        void download(href, name).catch(() => undefined);
      }}
    >
      {children}
    </Link>
  );
};
