import type { SetupWizardEvent } from "@smm/domain/web";

/** How a step talks to the wizard machine: the `send` of `useMachine`. */
export type WizardSend = (event: SetupWizardEvent) => void;

/** Text typed into the two list inputs but not added yet; kept by the dialog so Previous/Next keep it. */
export interface ListDrafts {
  keyMessage: string;
  doNotMention: string;
}
