import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { batchWrite } from "./operations.js";
import { ANSWER_SHARDS, Entities, SHARDS } from "./keys.js";
import { answerPages, answerPartitions, readAnswer, replaceCollection, storedViewItem } from "./read-model.js";

/**
 * A stored answer's pages are spread over ANSWER_SHARDS partitions, so that each partition's share
 * is one Query answer. Answers stored before, over SHARDS partitions, are still read whole and in
 * order until the next build replaces them.
 */

const db = useTestTable("answer-layout");

// About 7 MB of text: eight pages, so pages 4 and on lie in other partitions in the two layouts.
const text = JSON.stringify({ items: Array.from({ length: 120_000 }, (_, i) => ({ sku: `SKU-${i}`, reasons: ["cobertura abaixo do alvo", i % 97] })) });
const pages = answerPages("restock", text, 400_000)!;

describe("a stored answer's partitions", () => {
  it("spread the pages over ANSWER_SHARDS partitions, and a build reads and replaces them all", async () => {
    expect(pages.length).toBeGreaterThan(SHARDS);
    await replaceCollection(db.ref, answerPartitions("restock"), pages);

    const answer = await readAnswer(db.ref, "restock");

    expect(answerPartitions("restock")).toHaveLength(ANSWER_SHARDS);
    expect(new Set(pages.map((page) => page.key.pk)).size).toBe(Math.min(ANSWER_SHARDS, pages.length));
    expect(answer.digests).toEqual(pages.map((page) => page.digest));
    expect(answer.text()).toBe(text);
  });

  it("read an answer stored over the former SHARDS partitions whole and in page order, and a build leaves none of its pages behind", async () => {
    // Prepare: the pages where the former layout put them (page % SHARDS).
    const formerKey = (page: number) => ({ ...Entities.answer_page.key({ view: "restock", page }), pk: `SKUVIEW#restock_answer#${page % SHARDS}` });
    const former = pages.map((page, i) => ({ ...page, key: formerKey(i) }));
    await replaceCollection(db.ref, answerPartitions("restock"), []);
    await batchWrite(db.ref, former.map((page) => ({ put: storedViewItem(page) })));

    // Act
    const answer = await readAnswer(db.ref, "restock");
    const rebuilt = await replaceCollection(db.ref, answerPartitions("restock"), pages);
    const after = await readAnswer(db.ref, "restock");

    // Assess
    expect(answer.digests).toEqual(pages.map((page) => page.digest));
    expect(answer.text()).toBe(text);
    expect(rebuilt.deleted).toBeGreaterThan(0);
    expect(after.digests).toEqual(pages.map((page) => page.digest));
    expect(after.text()).toBe(text);
  });
});
