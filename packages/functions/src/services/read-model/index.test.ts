import { describe, expect, it } from "vitest";
import { TOPIC_OF_KIND } from "#storage/changes";
import { VIEWS } from "./index.js";

/**
 * A view cannot go stale by omission: every kind it reads moves a topic (TOPIC_OF_KIND,
 * storage/changes.ts), and it watches the topic of every kind it reads.
 */

describe("the views", () => {
  it("each have a different name", () => {
    expect(new Set(VIEWS.map((view) => view.name)).size).toBe(VIEWS.length);
  });

  it("give every kind a view reads a topic, and every view watches the topics of the kinds it reads", () => {
    for (const view of VIEWS) {
      for (const kind of view.kinds) {
        const topic = TOPIC_OF_KIND[kind];
        expect(topic, `view ${view.name} reads ${kind}, which bumps no topic`).not.toBeNull();
        expect(view.topics, `view ${view.name} reads ${kind} but does not watch ${topic}`).toContain(topic);
      }
    }
  });
});
