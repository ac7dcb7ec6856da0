/** The chat area's use cases (the stored conversation). */
export { clearConversationUseCase } from "./conversation";
