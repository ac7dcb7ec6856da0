import { FileTextIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { TemplateSelectorDialog } from "@/components/templates/template-selector-dialog";
import type { ChosenTemplate } from "@/components/templates/use-template-selector";
import { Button } from "@/components/ui/button";
import type { PostGeneratorState } from "./use-post-generator";

export const CUSTOM_STYLE_LOCKED =
  "This template's image prompt uses the custom image style, which needs a Pro or Enterprise plan. Your current style is kept.";

/**
 * The generator's template choice: choosing fills the prompt with the brand's values and, when the template
 * has an image prompt, makes the style custom with that prompt; Clear empties both (connections spec,
 * Template selection).
 */
export function TemplatePicker({ g }: { g: PostGeneratorState }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ChosenTemplate | null>(null);
  const choose = (template: ChosenTemplate) => {
    setChosen(template);
    g.changePrompt(template.prompt);
    if (template.imagePrompt) {
      // The custom style is premium: a plan without it keeps its style (the server would refuse the
      // generation), and the user is told why the template's image prompt is not used.
      const custom = g.styles.data?.find((style) => style.imageStyle === "custom");
      if (custom && !custom.available) {
        toast.info(CUSTOM_STYLE_LOCKED);
        return;
      }
      g.changeImageStyle("custom");
      g.changeCustomImagePrompt(template.imagePrompt);
    }
  };
  const clear = () => {
    setChosen(null);
    g.changePrompt("");
    g.changeCustomImagePrompt("");
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="generator-use-template"
      >
        <FileTextIcon aria-hidden="true" />
        {chosen ? `Template: ${chosen.name}` : "Use Template"}
      </Button>
      {chosen && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={clear}
          data-testid="generator-clear-template"
        >
          <XIcon aria-hidden="true" />
          Clear
        </Button>
      )}
      {open && <TemplateSelectorDialog open onClose={() => setOpen(false)} onChosen={choose} />}
    </div>
  );
}
