import type { shareDe } from "./share.de";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// Strings of sharing, embedding, the API tab and the shared chat page (English).
export const shareEn: Shape<typeof shareDe> = {
  dialog: {
    button: "Share & embed",
    title: "Share & embed: {{name}}",
  },
  links: {
    title: "Share links",
    hint: "Each link opens only this assistant, without signing in. Revoke a link by deleting it.",
    create: "New link",
    createTitle: "Create share link",
    empty: "No share links yet",
    emptyHint: "Create a link to share it or embed it on a website.",
    unnamed: "Unnamed link",
    anySite: "Allowed on any website",
    usedToday: "today {{used}} / {{cap}}",
    name: "Name",
    nameHint: "For you only, e.g. “Practice website”.",
    origins: "Allowed websites",
    originsHint:
      "One address per line, scheme and host (and port) only, e.g. https://www.example.org. Leave empty to allow any website.",
    originsInvalid: "Not a valid address (scheme and host only, no path): {{origins}}",
    originsTooMany: "At most {{max}} websites.",
    ratePerMinute: "Requests per minute",
    rateHint: "1 to {{max}}, for all visitors together.",
    dailyCap: "Answers per day",
    capHint: "After that the link answers again tomorrow.",
    numberInvalid: "Please enter a whole number in the allowed range.",
    delete: "Delete link “{{name}}”",
    deleteTitle: "Delete share link?",
    deleteBody: "“{{name}}” stops working everywhere, including websites that embed it.",
  },
  embed: {
    title: "Embed: {{name}}",
    locale: "Language",
    localeAssistant: "The assistant's language",
    theme: "Theme",
    themeLight: "Light",
    themeDark: "Dark",
    visibleAvatar: "Show avatar",
    directLink: "Direct link",
    tabIframe: "Full page (iframe)",
    tabWidget: "Chat button (script)",
    tabExtension: "Chrome extension",
    iframeHint: "Paste this code where the chat should appear on your page.",
    widgetHint:
      "Adds a round chat button at the bottom right of any website that opens the chat in a window. Paste the code before </body>.",
    startQuestion: "Start question (optional)",
    startQuestionPlaceholder: "e.g. Which services do you offer?",
    startQuestionHint: "Asked automatically in a new conversation when the chat opens.",
    copyCode: "Copy code: {{label}}",
    preview: "Live preview",
    previewHint: "This is what visitors see. Requests from the preview count towards the link's limits.",
  },
  extension: {
    intro: "A Chrome extension that opens the chat in the browser's side panel. It is built here, in your browser.",
    download: "Download extension (.zip)",
    restricted:
      "This link is limited to certain websites; inside the extension it loads only when it is allowed on any website.",
    step1: "Download the zip file and unpack it.",
    step2: "Open chrome://extensions in Chrome.",
    step3: "Turn on developer mode at the top right.",
    step4: "Choose “Load unpacked” and select the unpacked folder.",
    step5: "Click the extension's icon: the chat opens in the side panel.",
    description: "{{name}} in Chrome's side panel",
    readme:
      "{{name}} – Chrome extension\n\nOpens the shared chat in Chrome's side panel:\n{{url}}\n\nInstallation:\n1. Unpack this folder.\n2. Open chrome://extensions in Chrome.\n3. Turn on developer mode at the top right.\n4. Choose “Load unpacked” and select this folder.\n5. Click the extension's icon.\n\nIf the share link is deleted, the extension stops working too.\n",
  },
  api: {
    button: "API",
    title: "API: {{name}}",
    endpoint: "Service endpoint",
    chatId: "Chat ID",
    key: "API key",
    keyHint: "Programs sign in with an API key. A new key is shown only once and filled into the examples.",
    examples: "Example requests",
    reference: "Open API reference",
    tabCurl: "curl (streaming)",
    tabOpenAi: "OpenAI-compatible",
    tabPython: "Python SDK",
    curlHint:
      "Asks a question and receives the answer as server-sent events; without session_id a new conversation starts.",
    openAiHint: "For tools that speak OpenAI's chat API: the chat ID is in the path, the assistant decides the model.",
    pythonHint: "With the RAGFlow Python SDK (pip install ragflow-sdk).",
    sampleQuestion: "What are the documents about?",
  },
  apiDocs: {
    title: "API documentation",
    description: "Every endpoint with examples, to try out in the browser.",
    baseUrl: "Base URL",
    open: "Open in a new tab",
    frameTitle: "API reference",
  },
  sessions: {
    title: "Conversations",
    open: "Show conversations",
    new: "New chat",
    newName: "New chat",
    empty: "No conversations yet. Just ask your first question.",
    deleteTitle: "Delete conversation?",
    deleteBody: "The conversation “{{name}}” is deleted with all its messages.",
  },
  disclaimer: {
    title: "Notice",
    accept: "Understood",
  },
  problem: {
    invalid: {
      title: "Link invalid or revoked",
      body: "This share link does not work (any more). Please ask wherever you got it from.",
    },
    forbidden: {
      title: "Not allowed here",
      body: "This chat may not be shown in this place.",
    },
    limit: {
      title: "Limit reached",
      body: "This chat is receiving too many requests right now. Please try again later.",
    },
    other: {
      title: "The chat could not be loaded",
      body: "Please try again in a moment.",
    },
  },
};
