import type { SharedChatInfo } from "../../api/share";

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

const colorOf = (design: SharedChatInfo["design"], key: string) => {
  const value = design[key];
  return typeof value === "string" && HEX.test(value) ? value : null;
};

const channels = (hex: string) => {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits.slice(0, 6);
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16) / 255);
};

// WCAG relative luminance (0 = black, 1 = white).
export const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export const readableOn = (hex: string) => (luminance(hex) > 0.35 ? "#18181b" : "#ffffff");

export type SharePalette = {
  page: string;
  footer: string;
  userBubble: string;
  userText: string;
  assistantBubble: string;
  assistantText: string;
  // Chakra's colour variables, set on the page so that reused components (composer, buttons, chips) follow the design
  cssVars: Record<string, string>;
};

// The assistant's design colours. They are light-theme colours: in the dark theme the page keeps Chakra's dark
// tokens for surfaces and text and takes only the accents (button and question bubble) from the design.
export const sharePalette = (design: SharedChatInfo["design"], mode: "light" | "dark"): SharePalette => {
  const button = colorOf(design, "button_color");
  const userBubble = colorOf(design, "user_bubble_color") ?? button;
  const accents: Record<string, string> = button
    ? {
        "--chakra-colors-teal-solid": button,
        "--chakra-colors-brand-solid": button,
        "--chakra-colors-teal-contrast": readableOn(button),
        "--chakra-colors-brand-contrast": readableOn(button),
      }
    : {};
  const user = userBubble
    ? { userBubble, userText: readableOn(userBubble) }
    : { userBubble: "brand.muted", userText: "fg" };
  if (mode === "dark")
    return {
      page: "app.bg",
      footer: "app.surface",
      ...user,
      assistantBubble: "bg.emphasized",
      assistantText: "fg",
      cssVars: accents,
    };

  const text = colorOf(design, "text_color");
  const border = colorOf(design, "border_color");
  const input = colorOf(design, "input_color");
  const light: Record<string, string> = { ...accents };
  if (text) light["--chakra-colors-fg"] = text;
  if (border) light["--chakra-colors-border"] = border;
  if (input) light["--chakra-colors-app-surface"] = input;
  // a dark enough button colour also colours links and the follow-up chips
  if (button && luminance(button) < 0.3)
    Object.assign(light, { "--chakra-colors-teal-fg": button, "--chakra-colors-brand-fg": button });
  return {
    page: colorOf(design, "background_color") ?? "app.bg",
    footer: colorOf(design, "footer_color") ?? "app.surface",
    ...user,
    assistantBubble: colorOf(design, "assistant_bubble_color") ?? "bg.muted",
    assistantText: text ?? "fg",
    cssVars: light,
  };
};
