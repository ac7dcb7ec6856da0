export * from "./create-template";
export * from "./favourite-template";
export * from "./get-template";
export * from "./list-favourites";
export * from "./list-templates";
export * from "./schemas";
export * from "./use-cases";
