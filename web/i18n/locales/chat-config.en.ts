// Strings of the chat assistant list and configuration dialog (English).
export const chatConfigEn = {};
