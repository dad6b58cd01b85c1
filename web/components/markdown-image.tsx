import { Link } from "@chakra-ui/react";
import { ImageOff } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { defaultUrlTransform, type UrlTransform } from "react-markdown";

const INLINE_IMAGE = /^data:image\//i;

// Images that load without contacting anyone but Buddy: its own origin and inline data: and blob: URLs.
export const isLocalImage = (src: string, origin = window.location.origin) => {
  try {
    const url = new URL(src, origin);
    return url.protocol === "data:" || url.protocol === "blob:" || url.origin === origin;
  } catch {
    return false;
  }
};

// react-markdown's default drops every data: URL; an inline image (data:image/…) in an <img> runs nothing, so it stays.
export const markdownUrlTransform: UrlTransform = (url, key, node) =>
  key === "src" && node.tagName === "img" && INLINE_IMAGE.test(url) ? url : defaultUrlTransform(url);

const imageLink = (src: string, alt: string) => {
  try {
    const url = new URL(src, window.location.origin);
    return { host: url.host, label: alt || decodeURIComponent(url.pathname.split("/").at(-1) ?? "") || url.host };
  } catch {
    return { host: src, label: alt || src };
  }
};

// Markdown from a model or an uploaded file may point an image at any host, and a prompt injection can put
// conversation data into that URL: a remote image becomes a link, loaded only when the reader clicks it.
export const MarkdownImage = ({ src, alt, title }: ComponentProps<"img">) => {
  const { t } = useTranslation();
  if (typeof src !== "string" || src === "") return alt ? <span>{alt}</span> : null;
  if (isLocalImage(src)) return <img src={src} alt={alt ?? ""} title={title} />;
  const { host, label } = imageLink(src, alt ?? "");
  return (
    <Link
      href={src}
      target="_blank"
      rel="noreferrer noopener"
      color="brand.fg"
      textDecoration="underline"
      data-testid="remote-image-link"
    >
      <ImageOff size={14} aria-hidden /> {t("common.remoteImage", { label, host })}
    </Link>
  );
};
