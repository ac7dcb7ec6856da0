/** The inbox's use cases (issue 33): every door is derived from these declarations. */
import { z } from "zod";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { draftReply } from "./draft-reply";
import { getInboxThread } from "./get-inbox-thread";
import { getInboxCounts, listInboxItems } from "./list-inbox-items";
import { markInboxItemsDone, markInboxRead } from "./mark-inbox-items";
import { deleteComment, hideComment, likeComment } from "./moderate-comment";
import { getResponseStats } from "./response-stats";
import {
  commentInput,
  draftReplyInput,
  getInboxThreadInput,
  hideCommentInput,
  inboxCountsView,
  inboxItemView,
  inboxPageView,
  inboxThreadDetailView,
  listInboxItemsInput,
  markInboxItemsDoneInput,
  markInboxReadInput,
  replyDraftView,
  responseStatsInput,
  responseStatsView,
  retryReplyInput,
  sendReplyInput,
} from "./schemas";
import { retryReply, sendReply } from "./send-reply";

export const listInboxItemsUseCase = declareUseCase({
  name: "listInboxItems",
  description:
    "List the comments and replies people wrote under the brand's published posts, grouped by post, newest activity first: by default those still needing a reply (questions and negative ones first); filter by network, status (needs_reply, done, all), words, a post, or a start time. Each comment has its sentiment, whether it asks something, and whether it looks like spam.",
  scope: "brand",
  input: listInboxItemsInput,
  output: inboxPageView,
  run: listInboxItems,
});

export const getInboxCountsUseCase = declareUseCase({
  name: "getInboxCounts",
  description: "How many comments are unread and how many still need a reply, across the brand's posts.",
  scope: "brand",
  input: noInput,
  output: inboxCountsView,
  run: getInboxCounts,
});

export const getInboxThreadUseCase = declareUseCase({
  name: "getInboxThread",
  description:
    "Read one post's whole comment thread (by the post's id, or a comment's id): every comment and reply, oldest first, with what can be done with each.",
  scope: "brand",
  input: getInboxThreadInput,
  output: inboxThreadDetailView,
  run: getInboxThread,
});

export const draftReplyUseCase = declareUseCase({
  name: "draftReply",
  description:
    "Draft a reply to a comment in the brand's voice (its tone, never a do-not-mention topic), optionally following instructions ('thank her and mention Friday'). Nothing is sent: show the draft and send it with sendReply only when the user says so.",
  scope: "brand",
  input: draftReplyInput,
  output: replyDraftView,
  run: draftReply,
});

export const sendReplyUseCase = declareUseCase({
  name: "sendReply",
  description:
    "Send the brand's reply to a comment on its network, exactly once, and mark the comment done. Only after the user has seen the text and said yes.",
  scope: "brand",
  input: sendReplyInput,
  output: inboxItemView,
  run: sendReply,
});

export const retryReplyUseCase = declareUseCase({
  name: "retryReply",
  description: "Send again a reply whose sending failed (its reason is shown on it).",
  scope: "brand",
  input: retryReplyInput,
  output: inboxItemView,
  run: retryReply,
});

export const hideCommentUseCase = declareUseCase({
  name: "hideComment",
  description:
    "Hide a comment from everyone but its author on the network (Facebook, Instagram, Threads), or show it again with hidden: false. Only after the user says so.",
  scope: "brand",
  input: hideCommentInput,
  output: inboxItemView,
  run: hideComment,
});

export const deleteCommentUseCase = declareUseCase({
  name: "deleteComment",
  description:
    "Delete a comment on the network where the brand may (its own replies; comments on its own posts on Facebook and Instagram). Only after the user says so.",
  scope: "brand",
  input: commentInput,
  output: inboxItemView,
  run: deleteComment,
});

export const likeCommentUseCase = declareUseCase({
  name: "likeComment",
  description: "Like a comment on the network, where it has likes (Facebook, Bluesky, Mastodon).",
  scope: "brand",
  input: commentInput,
  output: inboxItemView,
  run: likeComment,
});

export const markInboxItemsDoneUseCase = declareUseCase({
  name: "markInboxItemsDone",
  description: "Mark comments done (no reply needed), or open them again with done: false.",
  scope: "brand",
  input: markInboxItemsDoneInput,
  output: z.object({ updated: z.number().int() }).meta({ id: "InboxItemsMarked" }),
  run: markInboxItemsDone,
});

export const markInboxReadUseCase = declareUseCase({
  name: "markInboxRead",
  description: "Mark a post's comments (or the given comments) read.",
  scope: "brand",
  input: markInboxReadInput,
  output: inboxCountsView,
  run: markInboxRead,
});

export const getResponseStatsUseCase = declareUseCase({
  name: "getResponseStats",
  description:
    "How the brand answers its comments, week by week: comments received, replies sent, and the median time to the first reply.",
  scope: "brand",
  input: responseStatsInput,
  output: responseStatsView,
  run: getResponseStats,
});
