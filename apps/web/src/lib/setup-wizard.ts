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

/*
 * Closing the wizard without finishing it (Escape, X) is a choice: it stays closed on later loads for that
 * user in this browser, and "no brand yet" states, the command palette and the assistant still open it.
 */
const DISMISSED_KEY_PREFIX = "setup_wizard_dismissed:";

// Storage can be unavailable (private modes, blocked cookies); the wizard then may show again, no worse.
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function isSetupWizardDismissed(userId: string): boolean {
  try {
    return storage()?.getItem(`${DISMISSED_KEY_PREFIX}${userId}`) === "1";
  } catch {
    return false;
  }
}

export function recordSetupWizardDismissed(userId: string): void {
  try {
    storage()?.setItem(`${DISMISSED_KEY_PREFIX}${userId}`, "1");
  } catch {
    // Quota or privacy settings: the wizard opens again on the next load, as before.
  }
}
