import { ImagesIcon, SparklesIcon } from "lucide-react";
import { useSearchParams } from "react-router";

import { PageIntro } from "@/components/page-intro";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

import { ImageCaptionsTab } from "./image-captions-tab";
import { PostGenerator } from "./post-generator";

const TAB_VALUES = ["create-post", "image-captions"] as const;
type CreateTab = (typeof TAB_VALUES)[number];
const DEFAULT_TAB: CreateTab = "create-post";

/** The Content Generation page (connections spec, /create): 'AI Post Generator' and 'AI Image Captions'. */
export function CreatePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: CreateTab = TAB_VALUES.includes(requested as CreateTab) ? (requested as CreateTab) : DEFAULT_TAB;

  // The tab lives in the URL so a reload, a shared link or the assistant opens the right one.
  function selectTab(value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_TAB) next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageIntro description="Turn a short prompt into a ready-to-review post with a caption and an image." />
      <Tabs value={tab} onValueChange={selectTab} className="gap-6">
        <div className="scrollbar-none -mx-1 overflow-x-auto px-1">
          <TabsList className="min-w-max">
            <TabsTrigger value="create-post" data-testid="create-tab-post">
              <SparklesIcon aria-hidden="true" />
              AI Post Generator
            </TabsTrigger>
            <TabsTrigger value="image-captions" data-testid="create-tab-captions">
              <ImagesIcon aria-hidden="true" />
              AI Image Captions
            </TabsTrigger>
          </TabsList>
        </div>
        {/* Kept mounted while hidden: switching tabs must not throw away what was typed or a running generation. */}
        <TabsContent value="create-post" forceMount className="data-[state=inactive]:hidden">
          <PostGenerator />
        </TabsContent>
        {/* Kept mounted too: a batch being processed goes on while the generator tab is shown. */}
        <TabsContent value="image-captions" forceMount className="data-[state=inactive]:hidden">
          <ImageCaptionsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
