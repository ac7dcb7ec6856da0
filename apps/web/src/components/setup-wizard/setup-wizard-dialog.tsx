import { isBrandNameValid, LAST_WIZARD_STEP, type WizardStep } from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { useMachine } from "@xstate/react";
import { ArrowLeftIcon, ArrowRightIcon, Loader2Icon, RocketIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { brandKeys } from "@/lib/brands";
import { cn } from "@/lib/utils";

import { BrandSettingsStep } from "./brand-settings-step";
import { CompanyProfileStep } from "./company-profile-step";
import { ConnectFacebookStep, ReadyStep, WelcomeStep } from "./info-steps";
import { WizardProgress } from "./wizard-progress";
import { createWizardMachine } from "./wizard-savers";
import type { ListDrafts } from "./wizard-types";

const STEP_COPY: Record<WizardStep, { title: string; description: string }> = {
  0: {
    title: "Welcome to Social Media Manager",
    description: "Let's set up your brand in a few quick steps.",
  },
  1: {
    title: "Brand Settings",
    description: "Name your brand and pick the colours your generated images and previews will use.",
  },
  2: {
    title: "Company Profile",
    description: "Tell the assistant about your business so every post sounds like you.",
  },
  3: {
    title: "Connect Facebook",
    description: "Connect the Facebook page your approved posts will be published to.",
  },
  4: {
    title: "Ready to Start",
    description: "You can change any of this later in Settings.",
  },
};

/**
 * The first-run setup wizard (core spec section 2): the domain machine rendered in a dialog. The machine
 * owns the step, the values and the saves; this component only renders it and moves focus sensibly.
 */
export function SetupWizardDialog({
  open,
  onOpenChange,
  onFinished,
}: {
  open: boolean;
  /** Escape or the close button: the user closes the setup (it stays closed; "no brand yet" states reopen it). */
  onOpenChange: (open: boolean) => void;
  /** 'Get Started' has saved (or failed to save, which the spec only logs). */
  onFinished: () => void;
}) {
  const queryClient = useQueryClient();
  // Created once: useMachine must always receive the same machine.
  const [machine] = useState(() => createWizardMachine(queryClient));
  const [snapshot, send] = useMachine(machine, { input: { brandId: null } });
  const { step, values } = snapshot.context;
  const saving = snapshot.hasTag("saving");
  const finished = snapshot.status === "done";
  const [drafts, setDrafts] = useState<ListDrafts>({ keyMessage: "", doNotMention: "" });

  const nameInputRef = useRef<HTMLInputElement>(null);
  const primaryButtonRef = useRef<HTMLButtonElement>(null);
  const previousStep = useRef<WizardStep>(step);

  const onFinishedRef = useRef(onFinished);
  onFinishedRef.current = onFinished;
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: brandKeys.all });
    onFinishedRef.current();
  }, [finished, queryClient]);

  // Focus follows the steps: into the name field on step 1 (the one thing to type there), and back onto
  // Next when Previous disappears on step 0. Elsewhere focus stays on the button that was pressed.
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    if (step === 1) {
      nameInputRef.current?.focus();
      return;
    }
    // Enter in the name field leaves step 1 and unmounts the field: without this, focus falls to the page.
    const active = document.activeElement;
    if (step === 0 || !active || active === document.body || active.getAttribute("role") === "dialog")
      primaryButtonRef.current?.focus();
  }, [step]);

  const nameMissing = step === 1 && !isBrandNameValid(values.name);
  const isLast = step === LAST_WIZARD_STEP;

  function goNext() {
    if (saving || finished) return;
    send(isLast ? { type: "GET_STARTED" } : { type: "NEXT" });
  }

  function goPrevious() {
    if (saving || finished) return;
    send({ type: "PREVIOUS" });
  }

  const copy = STEP_COPY[step];
  const skipsFacebook = step === 3 && snapshot.context.facebook?.status !== "connected";
  const primaryLabel = saving
    ? "Saving..."
    : isLast
      ? "Get Started"
      : skipsFacebook
        ? "Skip for now"
        : "Next";

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex max-h-[calc(100dvh-2rem)] flex-col gap-0 overflow-hidden p-0 sm:max-w-xl"
        // A stray click on the backdrop must not throw away a half-filled wizard; Escape and X still close.
        onInteractOutside={(event) => event.preventDefault()}
        data-testid="setup-wizard"
        data-step={step}
      >
        <div className="grid shrink-0 gap-4 border-b px-4 pt-5 pb-4 pr-14 sm:px-6 sm:pr-14">
          <WizardProgress step={step} />
          <div className="grid gap-1.5">
            <DialogTitle data-testid="wizard-step-title">{copy.title}</DialogTitle>
            <DialogDescription>{copy.description}</DialogDescription>
          </div>
        </div>

        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6" data-testid="wizard-body">
          {step === 0 ? <WelcomeStep /> : null}
          {step === 1 ? (
            <BrandSettingsStep
              values={values}
              send={send}
              nameInputRef={nameInputRef}
              onSubmitName={goNext}
            />
          ) : null}
          {step === 2 ? (
            <CompanyProfileStep values={values} send={send} drafts={drafts} onDraftsChange={setDrafts} />
          ) : null}
          {step === 3 ? <ConnectFacebookStep send={send} /> : null}
          {step === 4 ? <ReadyStep values={values} facebook={snapshot.context.facebook} /> : null}
        </div>

        <div className="flex shrink-0 items-center justify-between gap-2 border-t px-4 py-3 sm:px-6 sm:py-4">
          <Button
            type="button"
            variant="ghost"
            className={cn(step === 0 && "invisible")}
            onClick={goPrevious}
            aria-disabled={saving || undefined}
            tabIndex={step === 0 ? -1 : undefined}
            data-testid="wizard-previous"
          >
            <ArrowLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <Button
            ref={primaryButtonRef}
            type="button"
            onClick={goNext}
            // Blank name: really disabled (the spec). Saving: only aria-disabled, so focus stays on the button.
            disabled={nameMissing}
            aria-disabled={saving || undefined}
            aria-busy={saving || undefined}
            className={cn(saving && "opacity-70")}
            data-testid={isLast ? "wizard-get-started" : "wizard-next"}
          >
            {saving ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {primaryLabel}
            {!saving && isLast ? <RocketIcon aria-hidden="true" /> : null}
            {!saving && !isLast ? <ArrowRightIcon aria-hidden="true" /> : null}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
