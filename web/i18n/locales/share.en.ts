// Strings of sharing, embedding, the API tab and the shared chat page (English).
export const shareEn = {};
