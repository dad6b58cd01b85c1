// Strings of the chat conversations (German).
export const chatDe = {};
