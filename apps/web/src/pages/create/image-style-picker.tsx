import type { ImageStyle } from "@smm/domain/web";
import {
  BriefcaseIcon,
  CameraIcon,
  CircleAlertIcon,
  CrownIcon,
  LockIcon,
  type LucideIcon,
  PaletteIcon,
  RotateCwIcon,
  WandSparklesIcon,
  XIcon,
} from "lucide-react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Skeleton } from "@/components/ui/skeleton";
import type { ImageStyleView } from "@/lib/generation";
import { cn } from "@/lib/utils";

const STYLE_ICONS: Record<string, LucideIcon> = {
  professional: BriefcaseIcon,
  cartoon: PaletteIcon,
  realistic: CameraIcon,
  custom: WandSparklesIcon,
};

export const STYLES_LOAD_FAILED = "Failed to load image styles";

/**
 * The image style picker (connections spec: brand_styles, premium styles need pro or enterprise). A style
 * the plan does not include shows 'Upgrade Required', cannot be chosen, and offers the Upgrade button.
 */
export function ImageStylePicker({
  styles,
  isPending,
  error,
  onRetry,
  onDismissError,
  errorDismissed,
  value,
  onChange,
  colors,
  labelId,
  disabled,
}: {
  styles: ImageStyleView[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  onDismissError: () => void;
  errorDismissed: boolean;
  value: ImageStyle | null;
  onChange: (style: ImageStyle) => void;
  /** The brand's colours tint the style swatches (they stand for the brand's generated images). */
  colors: { primary: string; secondary: string; accent: string };
  labelId: string;
  disabled?: boolean;
}) {
  if (isPending) {
    return (
      <div className="grid gap-2 @lg:grid-cols-2" role="status" aria-label="Loading image styles">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
    );
  }
  if (error || !styles) {
    if (errorDismissed) {
      return (
        <p className="text-sm text-muted-foreground" data-testid="image-style-fallback">
          Your brand's default image style will be used.{" "}
          <button
            type="button"
            onClick={onRetry}
            className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Load styles again
          </button>
        </p>
      );
    }
    return (
      <Alert variant="destructive" data-testid="image-style-error">
        <CircleAlertIcon aria-hidden="true" />
        <AlertTitle>Error loading styles: {error?.message ?? STYLES_LOAD_FAILED}</AlertTitle>
        <AlertDescription>
          <div className="mt-1 flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={onRetry}>
              <RotateCwIcon aria-hidden="true" />
              Try again
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={onDismissError}>
              <XIcon aria-hidden="true" />
              Close
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <RadioGroup
      value={value ?? ""}
      onValueChange={(next) => onChange(next as ImageStyle)}
      aria-labelledby={labelId}
      className="grid gap-2 @lg:grid-cols-2"
      disabled={disabled}
      data-testid="image-style-picker"
    >
      {styles.map((style) => {
        const Icon = STYLE_ICONS[style.imageStyle] ?? PaletteIcon;
        const itemId = `image-style-${style.imageStyle}`;
        const locked = !style.available;
        return (
          <div
            key={style.id}
            className={cn(
              "flex flex-col rounded-lg border transition-colors has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5",
              locked ? "bg-muted/30" : "hover:bg-accent/50",
            )}
            data-testid={`image-style-card-${style.imageStyle}`}
            data-locked={locked || undefined}
          >
            <Label
              htmlFor={itemId}
              className={cn(
                "min-h-16 flex-1 items-start gap-3 p-3 leading-normal",
                locked ? "cursor-not-allowed" : "cursor-pointer",
              )}
            >
              <RadioGroupItem
                id={itemId}
                value={style.imageStyle}
                disabled={locked}
                className="mt-0.5"
                data-testid={`image-style-${style.imageStyle}`}
              />
              {style.previewImageUrl ? (
                <img
                  src={style.previewImageUrl}
                  alt=""
                  className="size-10 shrink-0 rounded-md object-cover"
                  loading="lazy"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-md text-white"
                  style={{
                    backgroundImage: `linear-gradient(135deg, ${colors.primary}, ${colors.secondary})`,
                  }}
                >
                  <Icon className="size-5 drop-shadow" />
                </span>
              )}
              <span className="grid min-w-0 gap-1">
                <span className="flex flex-wrap items-center gap-1.5">
                  {style.name}
                  {style.isPremium &&
                    (locked ? (
                      <Badge
                        variant="outline"
                        className="border-amber-500/50 text-amber-700 dark:text-amber-300"
                      >
                        <LockIcon aria-hidden="true" />
                        Upgrade Required
                      </Badge>
                    ) : (
                      <Badge variant="secondary">
                        <CrownIcon aria-hidden="true" />
                        Premium
                      </Badge>
                    ))}
                </span>
                {style.description && (
                  <span className="text-xs font-normal text-muted-foreground">{style.description}</span>
                )}
              </span>
            </Label>
            {locked && (
              <div className="px-3 pb-3">
                <Button asChild size="sm" variant="outline" className="w-full sm:w-auto">
                  <Link to="/subscription" data-testid={`image-style-upgrade-${style.imageStyle}`}>
                    <CrownIcon aria-hidden="true" />
                    Upgrade
                  </Link>
                </Button>
              </div>
            )}
          </div>
        );
      })}
    </RadioGroup>
  );
}
