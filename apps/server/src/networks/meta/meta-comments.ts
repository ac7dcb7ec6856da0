import type { FirstCommentRequest } from "@smm/domain/ports";
import { createOnce, type MetaBrandConnection, type PublishKit } from "./meta-publish-kit";

/**
 * A post's first comment (contracts/meta-formats-and-inbox.md section 6): `POST /{post}/comments message=`
 * with the Page token, on the Page post, the Facebook video or Reel (its video id), or the Instagram media.
 * A call whose answer was lost is never simply repeated: the post's comments are read first for one with
 * exactly this text from the page (or its Instagram account), and only when there is none is it sent again.
 */

export const COMMENT_UNCONFIRMED_REASON =
  "Unconfirmed: check the post's comments. Facebook did not answer and the comment could not be found, so it was not sent again.";

interface GraphComment {
  id: string;
  message?: string;
  text?: string;
  from?: { id?: string };
}

export function createCommenter(kit: PublishKit) {
  const { graph } = kit;

  async function comment(connection: MetaBrandConnection, request: FirstCommentRequest): Promise<string> {
    const instagram = request.platform === "instagram";
    const path = `/${request.externalId}/comments`;
    const author = instagram ? connection.instagramAccountId : connection.pageId;
    const wanted = request.message.trim();

    const create = async () =>
      (
        await graph.once<{ id: string }>({
          method: "POST",
          path,
          token: connection.pageToken,
          params: { message: request.message },
        })
      ).id;

    const find = async () => {
      const answer = await graph.call<{ data: GraphComment[] }>({
        method: "GET",
        path,
        token: connection.pageToken,
        params: instagram
          ? { fields: "id,text,timestamp,from{id,username}", limit: 50 }
          : { fields: "id,message,from{id,name},created_time", order: "reverse_chronological", limit: 100 },
      });
      // Ours: this exact text, written by the page (or its account; a comment listed without an author counts).
      const ours = answer.data.find(
        (item) =>
          (item.message ?? item.text ?? "").trim() === wanted && (!item.from?.id || item.from.id === author),
      );
      return ours?.id ?? null;
    };

    return createOnce(graph, create, find, COMMENT_UNCONFIRMED_REASON);
  }

  return { comment };
}
