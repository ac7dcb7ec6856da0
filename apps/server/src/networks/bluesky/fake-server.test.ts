import { AtpAgent } from "@atproto/api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeBlueskyServer, startBlueskyServer } from "../../../../../tests/fakes/bluesky-server";

// The fake's read methods are not used by the provider yet (replies and the inbox will be): this checks
// they answer in shapes the real client validates, so a later test can trust them.
describe("fake Bluesky server", () => {
  let fake: FakeBlueskyServer;
  beforeEach(async () => {
    fake = await startBlueskyServer();
  });
  afterEach(async () => {
    await fake.close();
  });

  it("answers the read methods in shapes @atproto/api accepts", async () => {
    const alice = fake.addAccount({ handle: "alice.bsky.social", appPasswords: ["aaaa-bbbb-cccc-dddd"] });
    const bob = fake.addAccount({ handle: "bob.bsky.social", displayName: "Bob" });
    const agent = new AtpAgent({ service: fake.url });
    await agent.login({ identifier: "alice.bsky.social", password: "aaaa-bbbb-cccc-dddd" });

    const created = await agent.post({ text: "Hello", createdAt: new Date().toISOString() });
    const parent = { uri: created.uri, cid: created.cid };
    const reply = fake.putRecord(bob.did, "app.bsky.feed.post", {
      text: "Hi Alice",
      createdAt: new Date().toISOString(),
      reply: { root: parent, parent },
    });

    const listed = await agent.com.atproto.repo.listRecords({
      repo: alice.did,
      collection: "app.bsky.feed.post",
    });
    expect(listed.data.records.map((record) => record.uri)).toEqual([created.uri]);

    const thread = await agent.app.bsky.feed.getPostThread({ uri: created.uri, depth: 6 });
    const replies = (thread.data.thread as { replies?: { post: { uri: string } }[] }).replies ?? [];
    expect(replies.map((item) => item.post.uri)).toEqual([reply.uri]);

    const inbox = await agent.app.bsky.notification.listNotifications({ reasons: ["reply", "mention"] });
    expect(inbox.data.notifications).toMatchObject([
      { uri: reply.uri, reason: "reply", author: { did: bob.did } },
    ]);

    const session = await agent.com.atproto.server.getSession();
    expect(session.data).toMatchObject({ did: alice.did, handle: "alice.bsky.social", active: true });

    await expect(
      agent.app.bsky.feed.getPostThread({ uri: `at://${alice.did}/app.bsky.feed.post/3lzy2ji4nms2z` }),
    ).rejects.toMatchObject({ status: 400, error: "NotFound" });
  });

  it("refuses a post whose record key is not a TID, and one the lexicon refuses", async () => {
    const alice = fake.addAccount({ handle: "alice.bsky.social", appPasswords: ["aaaa-bbbb-cccc-dddd"] });
    const agent = new AtpAgent({ service: fake.url });
    await agent.login({ identifier: "alice.bsky.social", password: "aaaa-bbbb-cccc-dddd" });
    const post = { $type: "app.bsky.feed.post", text: "Hello", createdAt: new Date().toISOString() };
    const create = (rkey: string, record: Record<string, unknown>) =>
      agent.com.atproto.repo.createRecord({
        repo: alice.did,
        collection: "app.bsky.feed.post",
        rkey,
        record,
      });

    await expect(create("not-a-tid", post)).rejects.toMatchObject({ status: 400, error: "InvalidRequest" });
    await expect(create("3lzy2ji4nms2z", { ...post, text: "x".repeat(301) })).rejects.toMatchObject({
      status: 400,
      error: "InvalidRequest",
    });
    await create("3lzy2ji4nms2z", post);
    await expect(create("3lzy2ji4nms2z", post)).rejects.toMatchObject({ status: 500 });
    expect(fake.state.postsOf(alice.did)).toHaveLength(1);
  });
});
