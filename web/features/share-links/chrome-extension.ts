import { strToU8, zipSync } from "fflate";
import { escapeHtml } from "./embed-code";
import { chatIconPng } from "./icon-png";

const ICON_SIZES = [16, 48, 128] as const;
// chrome.sidePanel.setPanelBehavior arrived in Chrome 116
const MINIMUM_CHROME = "116";
const MANIFEST_NAME_MAX = 75;

type ExtensionInput = { name: string; description: string; url: string; color: string; readme: string };

const iconPaths = () => Object.fromEntries(ICON_SIZES.map((size) => [String(size), `icons/icon-${size}.png`]));

export const extensionManifest = ({ name, description }: Pick<ExtensionInput, "name" | "description">) => ({
  manifest_version: 3,
  name: name.slice(0, MANIFEST_NAME_MAX),
  version: "1.0.0",
  description: description.slice(0, 132),
  minimum_chrome_version: MINIMUM_CHROME,
  icons: iconPaths(),
  action: { default_title: name.slice(0, MANIFEST_NAME_MAX), default_icon: iconPaths() },
  side_panel: { default_path: "sidepanel.html" },
  permissions: ["sidePanel"],
  background: { service_worker: "background.js" },
});

const BACKGROUND = `// Clicking the toolbar icon opens the side panel with the chat.
chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error) => console.error(error));
`;

const sidePanelHtml = (name: string, url: string) => `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(name)}</title>
    <style>
      html, body { margin: 0; height: 100%; overflow: hidden; }
      iframe { display: block; width: 100%; height: 100%; border: 0; }
    </style>
  </head>
  <body>
    <iframe src="${url}" title="${escapeHtml(name)}" allow="microphone; clipboard-write"></iframe>
  </body>
</html>
`;

// A Manifest V3 extension, unpacked into a zip: the toolbar icon opens the shared chat in Chrome's side panel.
export const buildExtensionZip = (input: ExtensionInput) =>
  zipSync({
    "manifest.json": strToU8(`${JSON.stringify(extensionManifest(input), null, 2)}\n`),
    "background.js": strToU8(BACKGROUND),
    "sidepanel.html": strToU8(sidePanelHtml(input.name, input.url)),
    "README.txt": strToU8(input.readme),
    icons: Object.fromEntries(ICON_SIZES.map((size) => [`icon-${size}.png`, chatIconPng(size, input.color)])),
  });

export const extensionFileName = (name: string) =>
  `${
    name
      .replace(/[^\p{L}\p{N}_-]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "buddy"
  }-chrome-extension.zip`;
