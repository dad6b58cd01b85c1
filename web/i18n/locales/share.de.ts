// Strings of sharing, embedding, the API tab and the shared chat page (German).
export const shareDe = {};
