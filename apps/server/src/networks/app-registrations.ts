import type { DbExecutor } from "@smm/domain/context";
import { networkApps } from "@smm/domain/db/schema";
import type { SocialNetworkKind } from "@smm/domain/ports";
import { and, eq } from "drizzle-orm";
import type { TokenVault } from "../adapters/token-vault";

export interface AppRegistration {
  clientId: string;
  clientSecret: string;
}

/**
 * The app's registrations on a network's servers (network_apps): one per host, made once and shared by
 * every brand connecting there; the client secret sealed at rest. Two first connections racing on a new
 * instance both register; the first stored wins and the other's is dropped.
 */
export function createAppRegistrations(db: DbExecutor, vault: TokenVault, network: SocialNetworkKind) {
  return {
    async find(host: string): Promise<AppRegistration | null> {
      const [row] = await db
        .select()
        .from(networkApps)
        .where(and(eq(networkApps.network, network), eq(networkApps.host, host)));
      return row ? { clientId: row.clientId, clientSecret: vault.open(row.encryptedSecret) } : null;
    },
    async save(host: string, app: AppRegistration): Promise<void> {
      await db
        .insert(networkApps)
        .values({ network, host, clientId: app.clientId, encryptedSecret: vault.seal(app.clientSecret) })
        .onConflictDoNothing();
    },
  };
}
