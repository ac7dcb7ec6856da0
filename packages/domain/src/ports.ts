/** Ports: what the domain needs from the outside world. Adapters live in apps/server/src/adapters. */

import type { EnhanceFieldName } from "./ai/schemas";
import type { ContentTone, ImageStyle, LanguageCode } from "./brands/constants";
import type { NetworkDescriptor } from "./channels/network-descriptor";
import type { ConnectionMetadata } from "./db/schema/connections";
import type { PostFormat, PublishNetwork } from "./db/schema/enums";
import type { WebsiteAnalysis, WebsiteAnalysisRequest } from "./knowledge/types";
import type { PostPlatform } from "./posts/messages";
import type { SuggestionPlatform } from "./suggestions/schemas";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one action the message asks for (verify, reset...); surfaced to tools that read the outbox. */
  link?: string;
}

export interface Mailer {
  /** "outbox" is the embedded default that writes .eml files; "smtp" delivers for real. */
  readonly kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}

/** The brand facts a text model writes from (stored profile, overlaid with unsaved form values). */
export interface AiBrandContext {
  name: string;
  description: string;
  industry: string;
  tone: ContentTone;
  targetAudience: string;
  keyMessages: string[];
  doNotMention: string[];
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  imageStyle: ImageStyle;
}

export interface EnhanceContentRequest {
  fieldName: EnhanceFieldName;
  currentValue: string;
  /** Free-form hint from the caller (e.g. the screen the field is on). */
  context?: string | undefined;
  brand: AiBrandContext;
  language: LanguageCode;
}

/**
 * What a post is written from: the brand profile and the user's prompt. The brand's or template's post
 * prompt override, when present, instructs the writer (a closing question, tips, a tone...); it is never
 * text for the post, and the user's prompt still says what the post is about.
 */
/** How the network a post is written for reads: from its provider's descriptor (writingNetworkOf). */
export interface WritingNetwork {
  label: string;
  /** The most the post may hold, counted the network's way. */
  maxLength: number;
  /** How many hashtags a post there habitually carries. */
  habitHashtags: number;
  /** A feed post (paragraphs) or a visual one (short lines, marks, a hashtag block). */
  voice: "feed" | "visual";
  /** One line for the AI writer. */
  habits: string;
}

export interface PostWritingRequest {
  brand: AiBrandContext;
  language: LanguageCode;
  platform: PostPlatform;
  /** The network's writing facts; absent, the writer's own defaults for Facebook and Instagram apply. */
  network?: WritingNetwork | undefined;
  /** What the user asked for ("a post about our autumn blend"). */
  userPrompt?: string | undefined;
  /** The brand's or template's post prompt override: instructions to the writer, never copied. */
  promptOverride?: string | null | undefined;
}

export interface WrittenPost {
  caption: string;
  hashtags: string[];
  /** What the image should show; the image renderer (or model) draws from it. */
  imagePrompt: string;
}

/** One dated slot of a campaign plan; the domain picks dates and platforms, the model writes the idea. */
export interface CampaignSlot {
  /** ISO instant. */
  scheduledDate: string;
  /** The user's wall-clock weekday and time, e.g. "Wednesday" and "12:00", for the model to write from. */
  weekday: string;
  time: string;
  platform: SuggestionPlatform;
  /** 1-based week of the plan. */
  week: number;
}

export interface CampaignPlanRequest {
  brand: AiBrandContext;
  language: LanguageCode;
  goal: string;
  slots: CampaignSlot[];
}

/** What the model writes for one slot. */
export interface PlannedPostIdea {
  /** The post idea, one to three sentences the user can generate a post from. */
  contentSuggestion: string;
  /** Why this idea at this time (the spec's `reason`). */
  reason: string;
}

export interface ContentIdeasRequest {
  brand: AiBrandContext;
  language: LanguageCode;
  /** Absent: ideas about the brand itself. */
  topic?: string | undefined;
  count: number;
  platforms: SuggestionPlatform[];
}

export interface ContentIdea {
  title: string;
  angle: string;
  platform: SuggestionPlatform;
}

/** An image to write a caption for (captionFromImage): the stored file and what is known of it. */
export interface ImageCaptionRequest {
  brand: AiBrandContext;
  language: LanguageCode;
  platform: PostPlatform;
  image: {
    bytes: Uint8Array;
    mimeType: StoredImageMimeType;
    width: number | null;
    height: number | null;
  };
  /** What the user wants said about the image ("our new autumn menu"). */
  context?: string | undefined;
}

/** An image of the brand's library to describe for people who cannot see it (writeAltText). */
export interface AltTextRequest {
  brand: AiBrandContext;
  /** The language the alt text is written in. */
  language: LanguageCode;
  image: {
    bytes: Uint8Array;
    mimeType: StoredImageMimeType;
    width: number | null;
    height: number | null;
  };
  /** The text of the post the image goes with, when it is written for a post's images. */
  caption?: string | undefined;
  /** The file's name as the user knows it ("croissants-tray.jpg"). */
  name?: string | undefined;
}

/**
 * Text generation at the level of the product's tasks, so each adapter can shape its own prompt (or, for
 * the offline model, its own rules) and tests can assert behaviour rather than prompts.
 */
export interface AiProvider {
  /** "offline" is the embedded deterministic model, labelled as such in the UI; "openai" is any OpenAI-compatible server. */
  readonly kind: "offline" | "openai";
  /** The improved text only; throws AppError upstream_failed when the model fails. */
  enhanceContent(request: EnhanceContentRequest): Promise<string>;
  /**
   * A post's caption, hashtags and image brief. Throws AppError upstream_failed with 'Failed to generate
   * post', or 'Invalid response format from AI' when the model's answer cannot be read.
   */
  writePost(request: PostWritingRequest): Promise<WrittenPost>;
  /**
   * A fetched page's title, summary, key points and the brand facts it states. The page is untrusted data:
   * the answer is validated by the caller before anything is saved. Throws AppError upstream_failed with
   * 'Failed to analyze website' when the model fails or answers something unreadable.
   */
  analyzeWebsite(request: WebsiteAnalysisRequest): Promise<WebsiteAnalysis>;
  /**
   * One idea (content suggestion and reason) per slot of a campaign plan, in the slots' order; the domain
   * has already chosen the dates and platforms. Throws AppError upstream_failed with 'Failed to create
   * campaign plan' when the model fails or answers something unreadable.
   */
  planCampaign(request: CampaignPlanRequest): Promise<PlannedPostIdea[]>;
  /**
   * `count` post ideas (title, angle, platform) for the brand. Throws AppError upstream_failed with
   * 'Failed to generate content ideas' when the model fails or answers something unreadable.
   */
  suggestContentIdeas(request: ContentIdeasRequest): Promise<ContentIdea[]>;
  /**
   * A caption (hashtags included) for the image, in the brand's voice. The OpenAI adapter sends the image to
   * a vision model; the offline model describes what it can measure. May answer "" (the caller then uses
   * the spec's fallback text); throws AppError upstream_failed with 'Failed to generate caption'.
   */
  captionFromImage(request: ImageCaptionRequest): Promise<string>;
  /**
   * Alt text for the image: a concise, literal description of what it shows (and any text in it), never
   * empty. The OpenAI adapter sends the image to a vision model; the offline model describes what it can
   * measure (English only). Throws AppError upstream_failed with 'Failed to write alt text'.
   */
  writeAltText(request: AltTextRequest): Promise<string>;
  /**
   * Reads comments that came in (issue 33): a sentiment, whether it asks something, and whether it looks
   * like spam, one answer per comment in order. The offline model uses a lexicon and rules (labelled
   * "offline" on screen). Throws AppError upstream_failed when the model fails (the comments stay unread by
   * it; the caller falls back to the offline reading).
   */
  triageComments(request: CommentTriageRequest): Promise<CommentTriage[]>;
  /**
   * A reply to a comment in the brand's voice: its tone, never a do-not-mention topic; `instructions` say
   * what to say ("thank her and mention Friday"). Plain text, within `maxLength`. Throws AppError
   * upstream_failed with 'Failed to draft a reply'.
   */
  draftReply(request: ReplyDraftRequest): Promise<string>;
}

/** Comments to read for triage (triageComments). */
export interface CommentTriageRequest {
  brand: AiBrandContext;
  comments: { text: string; authorName: string | null; own: boolean }[];
}

export interface CommentTriage {
  sentiment: "positive" | "neutral" | "negative";
  question: boolean;
  /** The model's own spam reading (links, selling, bait); the domain adds its own checks (repeated text). */
  spam: boolean;
}

/** A reply to write (draftReply): the comment, its thread so far, the post, and what the user asked. */
export interface ReplyDraftRequest {
  brand: AiBrandContext;
  language: LanguageCode;
  platform: PostPlatform;
  post: { content: string };
  comment: { text: string; authorName: string | null; authorHandle: string | null };
  /** Earlier items of the same conversation, oldest first (own: written by the brand). */
  thread: { text: string; authorName: string | null; own: boolean }[];
  /** What the user wants the reply to say or do; absent: a fitting answer. */
  instructions?: string | undefined;
  /** The most the network takes for a reply. */
  maxLength: number;
}

export type { WebsiteAnalysis, WebsiteAnalysisRequest };

/** One page as the web fetcher received it, after redirects. */
export interface FetchedPage {
  /** The final URL (after redirects). */
  url: string;
  status: number;
  /** The media type without parameters, lower case (text/html or text/plain). */
  contentType: string;
  /** The body decoded to text (charset from the Content-Type, else UTF-8). */
  body: string;
}

/**
 * Pages of the public web, fetched for website analysis. The server's adapter refuses every address that is
 * not public (loopback, private, link-local, CGNAT, multicast, cloud metadata...) on every hop, with
 * AppError invalid_input and a message saying why; network failures and timeouts are upstream_failed.
 */
export interface WebFetcher {
  fetchPage(url: string): Promise<FetchedPage>;
}

/** One post as a social network receives it. */
export interface SocialPostRequest {
  userId: string;
  brandId: string;
  postId: string;
  platform: PostPlatform;
  content: string;
  imageUrl: string | null;
  /**
   * The idempotency key of this publish attempt (the attempt id recorded on the post before the call). The
   * network keeps it with the copy it creates, so a copy made by an attempt whose answer was lost is found
   * by it, not guessed from the text. Absent: the adapter makes one for the call.
   */
  marker?: string | undefined;
  /**
   * When the attempt with that marker began (recorded with it): a network whose record key the client
   * chooses (Bluesky's TID) derives the key from the marker and this time, so the lookup after a lost answer
   * finds the same key.
   */
  attemptAt?: Date | undefined;
  /** Our stored image's id, when the image is ours: networks that upload read its bytes from storage. */
  imageMediaId?: string | null | undefined;
  /** The post's language (ISO 639-1), for networks that tag it. */
  language?: string | undefined;
  /** How it goes out (issue 32); absent: a feed post. */
  format?: PostFormat | undefined;
  /**
   * Its media in order (absent: `imageUrl` alone, as before media lists). An Instagram image's link names
   * its fitted JPEG copy, a video's its poster too.
   */
  media?: PublishMediaItem[] | undefined;
}

/** One item of a post as a network receives it. */
export interface PublishMediaItem {
  kind: "image" | "video";
  /** Our stored file (networks that upload read its bytes); null for a link that is not ours. */
  mediaId: string | null;
  /** Where the network may fetch it: a signed link, or the user's own URL. */
  url: string;
  mimeType: string;
  altText: string;
  width: number | null;
  height: number | null;
  byteSize: number | null;
  /** Videos: length, the cover frame's link (a JPEG) and the moment it was taken at. */
  durationMs: number | null;
  coverUrl: string | null;
  coverMs: number | null;
}

/** A post's first comment, as the network receives it: a comment on the post, or the first reply. */
export interface FirstCommentRequest {
  userId: string;
  brandId: string;
  postId: string;
  platform: PostPlatform;
  /** The post's id on the network (what publish answered). */
  externalId: string;
  message: string;
}

/** Who and where, for the inbox's calls: the brand's connection for that platform answers them. */
export interface InboxCallRef {
  userId: string;
  brandId: string;
  platform: PostPlatform;
}

/** A comment or reply as the network shows it (issue 33). */
export interface IncomingComment {
  /** The network's id of the comment. */
  externalId: string;
  /** The network's id of our post it is under (its root). */
  postExternalId: string;
  /** The comment it answers; null for a comment on the post itself. */
  parentExternalId: string | null;
  authorExternalId: string | null;
  authorName: string | null;
  authorHandle: string | null;
  authorAvatarUrl: string | null;
  text: string;
  writtenAt: Date;
  /** When it was last edited, where the network says. */
  editedAt?: Date | null | undefined;
  hidden?: boolean | undefined;
  /** Written by the connected account itself (our replies echo back). */
  own: boolean;
  url?: string | null | undefined;
}

/** What one read of a connection's comments found (SocialNetwork.readComments). */
export interface CommentsRead {
  comments: IncomingComment[];
  /**
   * The posts (network ids) whose every comment is in `comments`: a stored comment of these posts that is
   * not there was removed on the network. A post left out was read in part (a page, or notifications).
   */
  complete: string[];
  /** Where to go on next time (a notifications cursor); null to start over. */
  cursor: string | null;
  /** Network calls spent, counted against the account's budget. */
  calls: number;
}

/** Moderation on the network, as its inbox capabilities allow. */
export type CommentAction = "hide" | "unhide" | "delete" | "like";

/** Which network took a post: its ids only make sense there. */
export type SocialNetworkKind = PublishNetwork;

/**
 * Where approved posts go: the embedded sandbox network by default (labelled "Sandbox" in the UI), the Meta
 * Graph API when a page is connected. Every call throws AppError upstream_failed with the spec's message
 * when the network refuses.
 */
export interface SocialNetwork {
  /**
   * The network new connections are made with. Not where a given brand's posts go: every result says which
   * network handled that call (`network`), and that is what a post is labelled with.
   */
  readonly kind: SocialNetworkKind;
  /** Posts now; returns the network's id for the post and the network that took it. */
  publish(
    request: SocialPostRequest,
  ): Promise<{ externalId: string; network: SocialNetworkKind; url?: string | null | undefined }>;
  /**
   * Hands the post to the network to go out at `scheduledDate`; returns the network's id, or null when the
   * network cannot hold it for that time (Instagram has no native scheduling; Meta takes 10 minutes to 75
   * days ahead): the post then stays with us and the publish job sends it when it falls due.
   */
  schedule(
    request: SocialPostRequest & { scheduledDate: Date },
  ): Promise<{ externalId: string | null; network: SocialNetworkKind }>;
  /**
   * Whether the brand's network would hold this post natively for that time (schedule answering an id):
   * a reschedule moves a held copy only within this, and otherwise takes it back for the publish job.
   */
  canSchedule(request: {
    userId: string;
    brandId: string;
    platform: SocialPostRequest["platform"];
    scheduledDate: Date;
  }): Promise<boolean>;
  /** `platform` is the post's (the router reads it from the post holding `externalId` when absent). */
  cancel(request: {
    userId: string;
    brandId: string;
    platform?: PostPlatform;
    externalId: string;
  }): Promise<void>;
  /**
   * What the network the brand's post for that platform goes to takes (text limit counted its way, media,
   * native scheduling): the connection's own limits where the network has them (a Mastodon instance's).
   */
  describe(request: { userId: string; brandId: string; platform: PostPlatform }): Promise<NetworkDescriptor>;
  update(request: SocialPostRequest & { externalId: string; scheduledDate?: Date | null }): Promise<void>;
  /**
   * Posts the first comment under a published post (contracts: Facebook and Instagram comments, the first
   * reply on Bluesky, Mastodon and Threads); the comment's id on the network. Networks without one refuse
   * with `first_comment_unsupported`.
   */
  comment(request: FirstCommentRequest): Promise<{ externalId: string }>;
  /**
   * Reads the comments under these published posts of the brand's connection for `platform`, spending at
   * most `budget` network calls (the poller's share of the account's rate limit). Networks whose comments
   * cannot be read refuse with `inbox_unsupported`.
   */
  readComments(
    request: InboxCallRef & {
      posts: { externalId: string; publishedAt: Date }[];
      cursor: string | null;
      budget: number;
    },
  ): Promise<CommentsRead>;
  /** How many reads the account may make per window, shared by every instance (the network's rate limit). */
  commentReadBudget(request: InboxCallRef): Promise<{ calls: number; windowMs: number; account: string }>;
  /**
   * Sends the brand's reply, exactly once per `marker` (recorded on our item before this call): under the
   * comment `parentExternalId`, or on the post itself when null. The reply's id on the network.
   */
  replyToComment(
    request: InboxCallRef & {
      postExternalId: string;
      parentExternalId: string | null;
      text: string;
      marker: string;
    },
  ): Promise<{ externalId: string; url?: string | null | undefined }>;
  /**
   * The reply the attempt with `marker` made (begun at `since`), or null when the network surely holds none;
   * throws `reply_unconfirmed` when it cannot tell. How a send whose answer was lost is settled.
   */
  findReply(
    request: InboxCallRef & {
      postExternalId: string;
      parentExternalId: string | null;
      text: string;
      marker: string;
      since: Date;
    },
  ): Promise<{ externalId: string } | null>;
  /** Hides, shows again, deletes or likes a comment on the network, where its capabilities allow. */
  moderateComment(request: InboxCallRef & { externalId: string; action: CommentAction }): Promise<void>;
  /**
   * The network's published copy of our post made by the attempt with that marker, or null when it holds
   * none: how a publish whose answer was lost (the process died during the call) is settled before trying
   * again. Throws when the network cannot be asked or cannot tell (a copy with our text but without the
   * marker, made since `since`), so an unknown outcome is never taken for "not published".
   */
  findPublished(request: {
    userId: string;
    brandId: string;
    postId: string;
    platform?: PostPlatform;
    marker: string;
    /** When the attempt began: copies older than this are not its. */
    since: Date | null;
  }): Promise<{
    externalId: string;
    publishedAt: Date | null;
    network: SocialNetworkKind;
    url?: string | null | undefined;
  } | null>;
}

/** The inbox's calls of the port (issue 33): the channel router answers them from each provider's inbox. */
export type InboxCalls = Pick<
  SocialNetwork,
  "readComments" | "commentReadBudget" | "replyToComment" | "findReply" | "moderateComment"
>;

/** The publishing calls alone: what the adapters written to the port before the inbox implement (Meta's, the sandbox's). */
export type PublishingNetwork = Omit<SocialNetwork, keyof InboxCalls>;

/** What an image is drawn from: the writer's brief, the brand's look, and the style the user picked. */
export interface ImageGenerationRequest {
  brand: AiBrandContext;
  /** The writer's image brief (WrittenPost.imagePrompt). */
  imagePrompt: string;
  imageStyle: ImageStyle;
  /** The brand's or template's image prompt override: replaces the default image brief. */
  imagePromptOverride?: string | null | undefined;
  language: LanguageCode;
  platform: PostPlatform;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  mimeType: "image/png";
  width: number;
  height: number;
}

/**
 * Images: the offline renderer (SVG -> PNG in the brand's colours) by default, the OpenAI image model when
 * configured. Throws AppError upstream_failed with 'Failed to generate image'.
 */
export interface ImageGenerator {
  readonly kind: "offline" | "openai";
  generateImage(request: ImageGenerationRequest): Promise<GeneratedImage>;
}

/** Raster types the product stores; SVG is accepted for watermarks only and rasterised on arrival. */
export type StoredImageMimeType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

export interface ImageFacts {
  mimeType: StoredImageMimeType;
  width: number;
  height: number;
}

export interface WatermarkPlacement {
  /** Centre of the mark, percent of the image's width and height. */
  position: { x: number; y: number };
  /** Percent of the image's smaller side that the mark's longer side spans. */
  size: number;
  /** 0-1. */
  opacity: number;
  /** Degrees clockwise. */
  rotation: number;
  flipHorizontal: boolean;
  flipVertical: boolean;
}

/** Pixel work (sharp on the server). Every method throws on bytes it cannot decode. */
export interface ImageProcessor {
  /** The real type and size of a raster image, read from its content; null when it is not one. */
  probe(bytes: Uint8Array): Promise<ImageFacts | null>;
  /** An SVG drawn to PNG, its longer side at most `maxSide` pixels. */
  rasteriseSvg(svg: Uint8Array, maxSide: number): Promise<Uint8Array>;
  /** The image with the mark composited on top, in the image's own format (PNG for PNG, JPEG for JPEG...). */
  applyWatermark(
    image: Uint8Array,
    watermark: Uint8Array,
    placement: WatermarkPlacement,
  ): Promise<Uint8Array>;
  /** Pixels within `threshold` (5-100) of `targetColor` become transparent; the result is a PNG. */
  removeBackground(
    image: Uint8Array,
    options: { threshold: number; targetColor: string },
  ): Promise<Uint8Array>;
  /** The image as Instagram takes it: an sRGB JPEG, 4:5 to 1.91:1 (padded, not cropped), at most 1440 wide. */
  fitForInstagram(image: Uint8Array): Promise<Uint8Array>;
}

/**
 * A video file for the video tools: a path on this machine (stored or just uploaded), its bytes, or a way to
 * read it (a file in a remote bucket, downloaded to a temporary file as it streams, never whole in memory).
 */
export type VideoSource =
  | { path: string }
  | { bytes: Uint8Array }
  | { read: () => Promise<ReadableStream<Uint8Array>> };

/** The containers a video upload may be, read from its first bytes (media/sniff-video-type.ts). */
export type VideoContainer = "mp4" | "mov" | "webm";

/** What ffprobe read of a video (the first video stream, and the first audio stream if any). */
export interface VideoFacts {
  /** ffprobe's format name ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm"). */
  formatName: string;
  /** Null when neither the container nor a scan of its packets gives a length. */
  durationMs: number | null;
  /** As shown: the coded size turned by the rotation the file asks for (a phone's portrait clip). */
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  /** Frames per second (average), when known. */
  frameRate: number | null;
  /** Bits per second of the whole file, when known. */
  bitRate: number | null;
  /** The container's structure runs past the end of the file: it was cut short. */
  truncated: boolean;
}

/**
 * How a video is turned into the copy a network takes: H.264 (yuv420p, closed GOP) and AAC 48 kHz stereo
 * 128 kb/s in an MP4 that plays before it is fully downloaded (faststart).
 */
export interface VideoTranscodeSpec {
  /** Cut after this many seconds (absent: the whole video). */
  maxSeconds?: number | undefined;
  /** Width / height to crop to, centred (absent: the video's own shape). */
  aspect?: number | undefined;
  /** The largest frame, the shape kept (defaults 1920 x 1920). */
  maxWidth?: number | undefined;
  maxHeight?: number | undefined;
  /** Frames per second at most (default 60). */
  maxFps?: number | undefined;
}

/**
 * ffprobe and ffmpeg (apps/server/src/adapters/video-tools.ts), run as child processes with time limits, so a
 * hostile file costs the server neither its event loop nor more than a bounded time.
 */
export interface VideoTools {
  /** What the file is; null when it holds no video stream ffmpeg can read (not a video, damaged, cut short). */
  probe(source: VideoSource, container: VideoContainer): Promise<VideoFacts | null>;
  /** A JPEG of the frame shown at `atMs` (the last one when past the end), its longer side at most `maxSide`. */
  poster(
    source: VideoSource,
    container: VideoContainer,
    options: { atMs: number; maxSide?: number | undefined },
  ): Promise<Uint8Array>;
  /**
   * Transcodes into a temporary MP4 and hands it to `keep` (which moves or copies it, into storage); the
   * temporary file is removed afterwards. Answers the copy's size, frame and length.
   */
  transcode(
    source: VideoSource,
    container: VideoContainer,
    spec: VideoTranscodeSpec,
    keep: (output: { path: string; byteSize: number }) => Promise<void>,
  ): Promise<{ byteSize: number; width: number; height: number; durationMs: number | null }>;
}

/** Where files live: `$DATA_DIR/uploads` by default; an S3-compatible bucket at scale. */
export interface FileStorage {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, mimeType: string): Promise<void>;
  /** null when no file has that key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /*
   * Large files (videos), never held in memory whole. Optional so small fakes need not have them; local
   * storage has them all, and videos are stored only where `putFile` exists.
   */
  /** Takes the file at `path` (moved when it can be, else copied); the path may be gone afterwards. */
  putFile?(key: string, path: string, mimeType: string): Promise<void>;
  /** The file's size in bytes; null when no file has that key. */
  size?(key: string): Promise<number | null>;
  /** Bytes `start` to `end` (inclusive) as a stream; null when no file has that key. */
  readRange?(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null>;
  /** Where the file is on this machine's disk (ffmpeg reads it there); absent for remote storage. */
  localPath?(key: string): string;
  /** The keys that begin with `prefix` (a file's copies beside it: `${storageKey}.`). */
  list?(prefix: string): Promise<string[]>;
}

export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

/**
 * Expiring links to stored media (HMAC over the media id and expiry), good for the browser and for networks
 * that fetch the image when publishing.
 */
/**
 * A stored copy of a file: made for one network ("instagram": the fitted JPEG Meta fetches), a video's poster
 * frame ("poster": a JPEG), or a video transcoded for a network (a VideoVariantName).
 */
export type MediaVariant = "instagram" | "poster" | VideoVariantName;
/**
 * A video transcoded for a network; the name spells its spec (`video-a0.5625-w1080-h1920-s90-f60`, made by
 * videoVariantName in media/video-variants.ts), so a signed link names exactly one copy.
 */
export type VideoVariantName = `video-${string}`;

export interface MediaUrlSigner {
  /** With a variant, the link serves that copy (and its signature is good for nothing else). */
  sign(mediaId: string, now: Date, variant?: MediaVariant): SignedUrl;
  verify(mediaId: string, expires: number, signature: string, now: Date, variant?: MediaVariant): boolean;
}

/** Background work: durable jobs (pg-boss) on the server, an in-memory queue in tests. */
export interface JobQueue {
  /** Queues the generation pipeline of a post created by generatePost. */
  enqueuePostGeneration(postId: string): Promise<void>;
}

/** What a checkout is opened for: the user, their billing customer and the price bought. */
export interface CheckoutSessionRequest {
  userId: string;
  customerId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  /** Days of free trial before the first charge, with no card asked for; absent: charged from the start. */
  trialDays?: number;
}

/**
 * The payment provider (Stripe, or the embedded local checkout). Calls only start things: the plan changes
 * when the provider's signed events reach the webhook, never from a call's answer.
 */
export interface Billing {
  /** "local" is the embedded test checkout (no card is charged); "stripe" charges for real. */
  readonly kind: "local" | "stripe";
  /** The app's public origin: checkouts and the portal send the user back there. */
  readonly appUrl: string;
  /** A new customer for the user; the id is kept so later checkouts reuse it. */
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /** A hosted checkout in subscription mode; the user is sent to `url`. */
  createCheckoutSession(input: CheckoutSessionRequest): Promise<{ id: string; url: string }>;
  /** Cancel at period end (true) or reactivate (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<void>;
  /** Ends the subscription now (the account is being deleted). */
  cancelSubscriptionNow(subscriptionId: string): Promise<void>;
  /** Where the user manages invoices and cards. */
  createPortalLink(input: { customerId: string; returnUrl: string }): Promise<string>;
}

/** Which login dialog a connection round trip opens: the page (and Instagram) one or the marketing one. */
export type ConnectionFlow = "page" | "ads";

/** A page offered after the exchange. `sealedToken` is the adapter's encrypted envelope, opaque here. */
export interface ConnectorPage {
  id: string;
  name: string;
  category: string | null;
  pictureUrl: string | null;
  canManagePosts: boolean;
  sealedToken: string;
}

export interface ConnectorAdAccount {
  /** act_{account_id}. */
  id: string;
  accountId: string;
  name: string;
  currency: string;
  accountStatus: number;
  balance: string | null;
  amountSpent: string | null;
  businessName: string | null;
}

export interface ConnectorExchange {
  profile: { id: string; name: string | null };
  /** The page flow's pages (empty for the marketing flow). */
  pages: ConnectorPage[];
  /** The marketing flow's ad accounts (empty for the page flow). */
  adAccounts: ConnectorAdAccount[];
  /** The long-lived user token, sealed: the ad accounts' token in the marketing flow. */
  sealedUserToken: string;
}

/**
 * Connecting a brand to a network: the Meta login dialogs and Graph calls, or the sandbox's local consent
 * page. Tokens cross this port only sealed (AES-256-GCM by the server's token vault), so the domain stores
 * them without ever holding one in clear. Throws AppError upstream_failed with the spec's texts.
 */
export interface SocialConnector {
  readonly kind: "sandbox" | "meta";
  dialogUrl(input: { flow: ConnectionFlow; state: string; redirectUri: string }): string;
  exchange(input: { flow: ConnectionFlow; code: string; redirectUri: string }): Promise<ConnectorExchange>;
  /** The page's linked Instagram business account id, or null. */
  readInstagramAccount(input: { pageId: string; sealedPageToken: string }): Promise<string | null>;
}

export interface SocialConnectors {
  /** Where new connections go: Meta when the app is configured, else the sandbox. */
  current: SocialConnector;
  /** The connector a round trip started with (null when Meta is no longer configured). */
  byKind(kind: "sandbox" | "meta"): SocialConnector | null;
  /** Where the dialogs send the user back to (built on PUBLIC_URL). */
  redirectUri(flow: ConnectionFlow): string;
}

/**
 * What confirming a deletion of one's own account needs from outside the domain: the auth service's password
 * hash check (the hash is read by the domain; the algorithm is the auth service's), and the mail that carries
 * the deletion link or the notice that the account is gone.
 */
export interface AccountConfirmation {
  verifyPassword(hash: string, password: string): Promise<boolean>;
  mailer: Mailer;
  /** The /delete page that follows a mailed deletion link, given its token. */
  deletionLinkUrl(token: string): string;
}

/** An account a provider connected: what the domain stores (credentials sealed), never shown in clear. */
export interface ConnectedAccount {
  network: SocialNetworkKind;
  platform: PostPlatform;
  externalAccountId: string;
  name: string | null;
  /** The account's handle as the network writes it (@alice.bsky.social, @alice@mastodon.social). */
  handle: string | null;
  pictureUrl: string | null;
  /** The provider's credentials (tokens, app password session), sealed by the server's token vault. */
  sealedCredentials: string;
  tokenExpiresAt: Date | null;
  scopes: string[];
  metadata: ConnectionMetadata;
}

/** What the user typed to connect: the fields the network's connect method asks for. */
export interface ChannelCredentials {
  handle?: string | undefined;
  appPassword?: string | undefined;
  instance?: string | undefined;
  /** A secret the network issued: Telegram's bot token, a Discord channel's webhook URL. */
  token?: string | undefined;
}

export type ChannelConnectStep =
  | { kind: "connected"; account: ConnectedAccount }
  /** The user is sent to the network's consent page; `sealedPending` comes back to `complete`. */
  | { kind: "redirect"; url: string; sealedPending: string; network: SocialNetworkKind };

/**
 * Connecting a brand to one of the networks a provider serves (apps/server/src/networks): the registry's
 * providers, or the sandbox's account for that network when `mode` is "sandbox" (offline, labelled).
 * Throws AppError invalid_input for what the user typed wrong (an account password, an unknown instance),
 * upstream_failed when the network refuses.
 */
export interface ChannelConnectors {
  /** Every network the app can publish to, as its provider declares it. */
  networks(): NetworkDescriptor[];
  /** Whether a live (non-sandbox) connection can be made now (OAuth apps need their settings). */
  canConnectLive(platform: PostPlatform): boolean;
  connect(request: {
    platform: PostPlatform;
    mode: "live" | "sandbox";
    credentials: ChannelCredentials;
    state: string;
    redirectUri: string;
  }): Promise<ChannelConnectStep>;
  complete(request: {
    platform: PostPlatform;
    code: string;
    sealedPending: string;
    redirectUri: string;
  }): Promise<ConnectedAccount>;
  /** Where OAuth consent pages send the user back to (PUBLIC_URL). */
  redirectUri(platform: PostPlatform): string;
}
