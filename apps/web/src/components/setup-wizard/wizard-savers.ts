import {
  isHexColor,
  normalizeHexColor,
  type SaveAllInput,
  type SaveAllOutput,
  type SaveBrandInput,
  type SaveBrandOutput,
  type SaveProfileInput,
  setupWizardMachine,
  type UpdateBrandSettingsInput,
  type UpdateCompanyProfileInput,
  type WizardBrandValues,
  type WizardError,
} from "@smm/domain/web";
import type { QueryClient } from "@tanstack/react-query";
import { fromPromise } from "xstate";

import { call, client, pathId } from "@/lib/api";
import { brandKeys } from "@/lib/brands";

const brandRoutes = client.api.brands[":id"];

/**
 * Only colours that pass the spec's hex rule travel to the server: a half-typed "#12" would make the
 * whole PATCH fail (and with it the name), so it is left out and the stored colour stays. The inline
 * message on step 1 already tells the user it was not accepted.
 */
function validColors(values: WizardBrandValues): UpdateBrandSettingsInput {
  const patch: UpdateBrandSettingsInput = {};
  if (isHexColor(values.primaryColor)) patch.primaryColor = normalizeHexColor(values.primaryColor);
  if (isHexColor(values.secondaryColor)) patch.secondaryColor = normalizeHexColor(values.secondaryColor);
  if (isHexColor(values.accentColor)) patch.accentColor = normalizeHexColor(values.accentColor);
  return patch;
}

/** Creates the brand the first time (the new brand becomes the active one), afterwards updates it. */
async function saveBrandValues(brandId: string | null, values: WizardBrandValues): Promise<string> {
  if (brandId === null) {
    const created = await call(client.api.brands.$post({ json: { name: values.name } }));
    await call(brandRoutes.settings.$patch({ param: pathId(created.id), json: validColors(values) }));
    return created.id;
  }
  await call(
    brandRoutes.settings.$patch({
      param: pathId(brandId),
      json: { name: values.name, ...validColors(values) },
    }),
  );
  return brandId;
}

async function saveProfileValues(brandId: string | null, values: UpdateCompanyProfileInput): Promise<void> {
  // Only reachable when the brand save of step 1 failed; the final save creates the brand and retries.
  if (brandId === null) throw new Error("No brand to save the company profile to");
  await call(brandRoutes["company-profile"].$patch({ param: pathId(brandId), json: values }));
}

/**
 * The domain machine with its three savers bound to the HTTP routes. Each save refreshes the brand
 * queries so the screen behind the dialog (header, dashboard) shows the new brand at once; the gate that
 * opened the wizard has latched, so the brand appearing does not close it.
 */
export function createWizardMachine(queryClient: QueryClient) {
  const refreshBrands = () => queryClient.invalidateQueries({ queryKey: brandKeys.all });
  return setupWizardMachine.provide({
    actors: {
      saveBrand: fromPromise<SaveBrandOutput, SaveBrandInput>(async ({ input }) => {
        const brandId = await saveBrandValues(input.brandId, input.values);
        await refreshBrands();
        return { brandId };
      }),
      saveProfile: fromPromise<void, SaveProfileInput>(async ({ input }) => {
        await saveProfileValues(input.brandId, input.values);
        await refreshBrands();
      }),
      saveAll: fromPromise<SaveAllOutput, SaveAllInput>(async ({ input }) => {
        const { values } = input;
        const brandId = await saveBrandValues(input.brandId, values);
        await saveProfileValues(brandId, {
          description: values.description,
          industry: values.industry,
          tone: values.tone,
          targetAudience: values.targetAudience,
          keyMessages: values.keyMessages,
          doNotMention: values.doNotMention,
        });
        return { brandId };
      }),
    },
    actions: {
      // The spec: "Wizard save errors are only logged"; the wizard moves on regardless.
      logError: (_, error: WizardError) => console.error("Setup wizard save failed", error),
    },
  });
}
