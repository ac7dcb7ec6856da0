import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

import { PostDetailsDialog } from "./post-details-dialog";
import { MODAL_PAGE_SIZE, type PostListVariant } from "./post-logic";
import { PostsListContent } from "./posts-list-content";
import { PostsListToolbar } from "./posts-list-toolbar";
import { usePostsList } from "./use-posts-list";

const titles: Record<PostListVariant, { title: string; description: string }> = {
  all: {
    title: "All Posts",
    description: "Every post of this brand, newest first unless you sort otherwise.",
  },
  pending: { title: "Pending Approval", description: "Posts waiting for your decision." },
};

function ListBody({
  brandId,
  variant,
  onClose,
}: {
  brandId: string;
  variant: PostListVariant;
  onClose: () => void;
}) {
  const list = usePostsList(brandId, variant);
  return (
    <>
      <PostsListToolbar list={list} variant={variant} />
      <section
        ref={list.scrollRef}
        onScroll={list.onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 sm:px-6"
        data-testid="posts-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={`${titles[variant].title} list`}
      >
        <PostsListContent list={list} brandId={brandId} variant={variant} onClose={onClose} />
      </section>
      <PostDetailsDialog
        brandId={brandId}
        post={list.details}
        onOpenChange={(open) => {
          if (!open) list.closeDetails();
        }}
      />
    </>
  );
}

/** The All Posts modal and the Pending Approval modal (variant "pending": status fixed to pending). */
export function PostsListDialog({
  brandId,
  variant,
  open,
  onOpenChange,
}: {
  brandId: string;
  variant: PostListVariant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { title, description } = titles[variant];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex h-[90dvh] max-h-[90dvh] flex-col gap-4 overflow-hidden p-0 sm:max-w-2xl"
        data-testid={variant === "all" ? "all-posts-dialog" : "pending-posts-dialog"}
        data-page-size={MODAL_PAGE_SIZE}
      >
        <DialogHeader className="px-4 pt-4 pr-14 text-left sm:px-6 sm:pt-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && <ListBody brandId={brandId} variant={variant} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
