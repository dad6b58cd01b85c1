export * from "./auth";
export * from "./chunks";
export * from "./datasets";
export * from "./users";
