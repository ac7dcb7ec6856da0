/*
 * One way to reopen the setup wizard from anywhere (issue 20): a screen's "no brand yet" state, the
 * command palette or the assistant calls openSetupWizard(); the gate mounted once for every signed-in
 * screen listens and opens a fresh wizard. Before this, only a reload brought it back.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

/** Opens the setup wizard at its first step, on whichever screen the user is. */
export function openSetupWizard(): void {
  for (const listener of listeners) listener();
}

/** The gate's side: called on every openSetupWizard(); returns the unsubscribe function. */
export function onSetupWizardRequested(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
