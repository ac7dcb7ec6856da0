import type { Brand } from "@smm/domain/brands/constants";
import { BRAND_NAME_REQUIRED, createBrandInput, MAX_BRAND_NAME_LENGTH } from "@smm/domain/brands/schemas";
import { CheckIcon, ChevronsUpDownIcon, Loader2Icon, PlusIcon } from "lucide-react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { ApiError } from "@/lib/api";
import { useActiveBrand, useBrands, useCreateActiveBrand, useSwitchBrand } from "@/lib/brands";
import { readableTextOn, toSixDigitColor } from "@/lib/colors";

// Core spec section 9: success toasts 2000 ms, errors 4000 ms.
const SUCCESS_TOAST_MS = 2000;
const ERROR_TOAST_MS = 4000;
const FALLBACK_BRAND_COLOR = "#3B82F6";
/** One "Switched to ..." toast at a time: a quick second switch replaces the first instead of stacking. */
const SWITCH_TOAST_ID = "brand-switched";

function brandInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : (words[0] ?? "").slice(0, 2);
  return letters.toUpperCase() || "?";
}

/** The brand's avatar: initials on its primary colour (UI.md: brand colours tint brand-owned things only). */
export function BrandChip({ brand, className = "size-6" }: { brand: Brand; className?: string }) {
  const background = toSixDigitColor(brand.settings.primaryColor, FALLBACK_BRAND_COLOR);
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full text-[10px] font-semibold ${className}`}
      style={{ backgroundColor: background, color: readableTextOn(background) }}
      data-testid="brand-chip"
    >
      {brandInitials(brand.name)}
    </span>
  );
}

/**
 * The header's brand control (core spec section 2). With two or more brands it is the switcher: the
 * brands with the active one checked, a click switches, and "New brand" at the bottom. The spec hides
 * the switcher for a single brand, yet that user must still be able to add a second one, so they get
 * just a compact "New brand" button. A user with no brand yet sees nothing: the setup wizard makes one.
 */
export function BrandSwitcher() {
  const brands = useBrands();
  const activeBrand = useActiveBrand();
  const switchBrand = useSwitchBrand();
  const [createOpen, setCreateOpen] = useState(false);
  // Set when "New brand" is picked in the menu, so the closing menu leaves focus to the dialog.
  const [creatingFromMenu, setCreatingFromMenu] = useState(false);

  const list = brands.data ?? [];
  if (list.length === 0) return null;

  const dialog = <CreateBrandDialog open={createOpen} onOpenChange={setCreateOpen} />;

  if (list.length === 1) {
    return (
      <>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              type="button"
              variant="ghost"
              className="px-2.5 md:px-3"
              onClick={() => setCreateOpen(true)}
              aria-label="New brand"
              data-testid="new-brand-button"
            >
              <PlusIcon aria-hidden="true" />
              <span className="hidden lg:inline">New brand</span>
            </Button>
          </TooltipTrigger>
          <TooltipContent className="lg:hidden">New brand</TooltipContent>
        </Tooltip>
        {dialog}
      </>
    );
  }

  const active = activeBrand.data ?? list.find((brand) => brand.isActive) ?? list[0]!;
  // While a switch is in flight the menu already marks the brand the user chose.
  const selectedId = switchBrand.isPending && switchBrand.variables ? switchBrand.variables : active.id;

  function onSwitch(brandId: string) {
    if (brandId === active.id || switchBrand.isPending) return;
    switchBrand.mutate(brandId, {
      onSuccess: (brand) => {
        toast.success(`Switched to ${brand.name}`, { id: SWITCH_TOAST_ID, duration: SUCCESS_TOAST_MS });
      },
      onError: (error) => {
        toast.error(error.message, { duration: ERROR_TOAST_MS });
      },
    });
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            className="h-10 min-w-10 max-w-56 gap-2 px-2"
            aria-label={`Brand: ${active.name}. Switch brand`}
            data-testid="brand-switcher"
            data-active-brand-id={active.id}
          >
            {switchBrand.isPending ? (
              <Loader2Icon className="size-6 animate-spin p-1 text-muted-foreground" aria-hidden="true" />
            ) : (
              <BrandChip brand={active} />
            )}
            <span className="hidden truncate text-sm font-medium sm:inline" data-testid="brand-switcher-name">
              {active.name}
            </span>
            {/* On a phone the chip alone is the control; the header's title needs the room. */}
            <ChevronsUpDownIcon className="hidden text-muted-foreground sm:block" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          collisionPadding={8}
          className="w-64"
          data-testid="brand-switcher-menu"
          onCloseAutoFocus={(event) => {
            if (creatingFromMenu) {
              event.preventDefault();
              setCreatingFromMenu(false);
            }
          }}
        >
          <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">Brands</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={selectedId} onValueChange={onSwitch}>
            {list.map((brand) => (
              <DropdownMenuPrimitive.RadioItem
                key={brand.id}
                value={brand.id}
                className="relative flex min-h-10 cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden select-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50"
                data-testid="brand-option"
                data-brand-id={brand.id}
              >
                <BrandChip brand={brand} />
                <span className="min-w-0 flex-1 truncate">{brand.name}</span>
                <DropdownMenuPrimitive.ItemIndicator>
                  <CheckIcon className="size-4 text-primary" aria-hidden="true" />
                </DropdownMenuPrimitive.ItemIndicator>
              </DropdownMenuPrimitive.RadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              setCreatingFromMenu(true);
              setCreateOpen(true);
            }}
            data-testid="brand-switcher-new"
          >
            <PlusIcon aria-hidden="true" />
            New brand
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog}
    </>
  );
}

/** Names a new brand; the name must be non-empty after trimming (core spec section 2), checked as the server does. */
function CreateBrandDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const createBrand = useCreateActiveBrand();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function setOpen(next: boolean) {
    // Closing mid-request would hide the outcome; the request is short, so the dialog waits for it.
    if (!next && createBrand.isPending) return;
    if (!next) {
      setName("");
      setError(null);
    }
    onOpenChange(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createBrand.isPending) return;
    // The domain's own schema, so the form says exactly what the server would.
    const parsed = createBrandInput.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? BRAND_NAME_REQUIRED);
      return;
    }
    setError(null);
    createBrand.mutate(parsed.data, {
      onSuccess: (brand) => {
        setName("");
        onOpenChange(false);
        toast.success(`Switched to ${brand.name}`, {
          id: SWITCH_TOAST_ID,
          duration: SUCCESS_TOAST_MS,
          description: "Your new brand is active. Set its colours and profile in Settings.",
          action: { label: "Settings", onClick: () => navigate("/settings") },
        });
      },
      onError: (failure) => {
        // A field problem goes next to the field; anything else is a failed action (UI.md). The name stays.
        const issue = failure instanceof ApiError ? failure.issues?.[0]?.message : undefined;
        if (issue) setError(issue);
        else toast.error(failure.message, { duration: ERROR_TOAST_MS });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-md" data-testid="create-brand-dialog">
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>New brand</DialogTitle>
            <DialogDescription>
              Each brand keeps its own posts, colours and profile. The new brand becomes the active one.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Brand name</Label>
            <Input
              id={inputId}
              value={name}
              placeholder="e.g. Bean There Coffee"
              autoComplete="organization"
              maxLength={MAX_BRAND_NAME_LENGTH}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setName(event.target.value);
                if (error) setError(null);
              }}
              data-testid="new-brand-name-input"
            />
            {error ? (
              <p
                id={errorId}
                role="alert"
                className="text-sm text-destructive"
                data-testid="new-brand-name-error"
              >
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => setOpen(false)}
              disabled={createBrand.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={createBrand.isPending} data-testid="new-brand-submit">
              {createBrand.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              Create brand
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
