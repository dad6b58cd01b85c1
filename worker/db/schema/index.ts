export * from "./auth";
export * from "./datasets";
export * from "./users";
