/** The look every chat card shares (tool, post, image and planning cards), so they sit alike in the log. */
export const cardClass = "rounded-lg border bg-card p-3 text-sm shadow-xs";
