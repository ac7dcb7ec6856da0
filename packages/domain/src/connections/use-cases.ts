/** The connections area's use cases (their declarations: every door is derived from these). */
export { connectFacebookPageUseCase } from "./connect-facebook-page";
export { disconnectAdAccountUseCase } from "./disconnect-ad-account";
export { disconnectFacebookUseCase } from "./disconnect-facebook";
export { exchangeFacebookCodeUseCase } from "./exchange-facebook-code";
export { getConnectionsUseCase } from "./get-connections";
export { selectAdAccountUseCase } from "./select-ad-account";
export { startFacebookConnectionUseCase } from "./start-facebook-connection";
