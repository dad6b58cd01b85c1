// Strings of the chat assistant list and configuration dialog (German).
export const chatConfigDe = {};
