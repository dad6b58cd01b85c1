import type { SystemStyleObject } from "@chakra-ui/react";

// Document look for rendered markdown and converted Word files; colours are semantic tokens for both themes.
export const proseCss: SystemStyleObject = {
  lineHeight: "1.7",
  "& > * + *, & li > * + *, & blockquote > * + *": { marginTop: "3" },
  "& h1, & h2, & h3, & h4, & h5, & h6": { fontWeight: "semibold", lineHeight: "1.3" },
  "& > * + h1, & > * + h2, & > * + h3, & > * + h4, & > * + h5, & > * + h6": { marginTop: "6" },
  "& h1": { fontSize: "2xl" },
  "& h2": { fontSize: "xl" },
  "& h3": { fontSize: "lg" },
  "& h4, & h5, & h6": { fontSize: "md" },
  "& ul, & ol": { paddingInlineStart: "6" },
  "& ul": { listStyleType: "disc" },
  "& ol": { listStyleType: "decimal" },
  "& a": { color: "brand.fg", textDecoration: "underline" },
  "& code": { fontFamily: "mono", fontSize: "0.9em", bg: "bg.muted", paddingX: "1", rounded: "sm" },
  "& pre": { bg: "bg.muted", padding: "3", rounded: "md", overflowX: "auto" },
  "& pre code": { bg: "transparent", padding: 0 },
  "& blockquote": {
    borderInlineStartWidth: "3px",
    borderColor: "border.emphasized",
    paddingInlineStart: "4",
    color: "fg.muted",
  },
  "& table": { display: "block", overflowX: "auto", borderCollapse: "collapse", fontSize: "sm" },
  "& th, & td": {
    borderWidth: "1px",
    borderColor: "border.emphasized",
    paddingX: "2",
    paddingY: "1",
    textAlign: "start",
    verticalAlign: "top",
  },
  "& th": { bg: "bg.muted", fontWeight: "semibold" },
  "& img": { maxWidth: "100%", height: "auto" },
  "& hr": { marginY: "4", borderColor: "border" },
};
