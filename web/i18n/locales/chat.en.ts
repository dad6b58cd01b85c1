// Strings of the chat conversations (English).
export const chatEn = {};
