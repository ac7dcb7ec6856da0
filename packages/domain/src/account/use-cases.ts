/** The account area's use cases (their declarations: every door is derived from these). */
export { deleteAccountUseCase } from "./delete-account";
