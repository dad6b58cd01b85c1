export * from "./auth";
export * from "./chunks";
export * from "./datasets";
export * from "./models";
export * from "./users";
export * from "./chats";
export * from "./share";
export * from "./files";
