// Without zod: the signed-in shell reads chat messages before the chat's own code has loaded.

/** The message extra a chat upload adds to the conversation: the media id, never an expiring link. */
export const UPLOADED_IMAGE_PART = "data-uploaded-image";
export interface UploadedImagePartData {
  mediaId: string;
  name: string;
}
