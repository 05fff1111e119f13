/**
 * Views kept current by the writes they follow (design: services/read-model/README.md, "Stock
 * operations"): the state item's part of such a write's transaction.
 */
import { counterAttribute, type ChangeTopic } from "./changes.js";
import { Entities, type Key } from "./keys.js";
import { marksAttribute, viewAttribute } from "./read-model.js";

/**
 * How a write keeps a view current: the view's recorded counters move with the write's, its sums
 * (on the state item) by what the write changed, and the records the view's stored entries no
 * longer describe are marked for its reader, which reads them from their records.
 */
export interface ViewPatch {
  view: string;
  /**
   * The counters of the topics the view reads, as read before whatever the change was computed
   * from. The view is patched only if it is current: its recorded counters equal the state's; a
   * topic the write does not bump must also still have the counter given here (what was read
   * of it, an ad's cost say, is still what the view holds).
   */
  counters: Partial<Record<ChangeTopic, number>>;
  /** A map of the view's entry holding sums, and what each moves by. */
  sums?: { field: string; add: Record<string, number | bigint> };
  /** Ids added to the view's marks (`marksAttribute`) while it holds fewer than `cap` (or holds them already): past that the view is not patched. */
  marks?: { members: string[]; cap: number };
}

/** The state item's part of a transaction (the Update of a TransactWriteItems). */
export interface StateUpdate {
  TableName: string;
  Key: Key;
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/**
 * The state item's update in a write's own transaction: bumps the topics written, and keeps each
 * patched view current with the write (ViewPatch). Conditioned on every patched view being
 * current and within its marks' cap: when one is not, nothing is written (the writer reads the
 * state again and patches only the views that are current).
 */
export function stateUpdate(table: string, bumped: readonly ChangeTopic[], patches: readonly ViewPatch[] = []): StateUpdate {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ":kind": "read_model" };
  if (bumped.length > 0) values[":one"] = 1;
  const counter = (topic: ChangeTopic): string => {
    names[`#c_${topic}`] = counterAttribute(topic);
    return `#c_${topic}`;
  };
  const add = bumped.map((topic) => `${counter(topic)} :one`);
  const set = ["kind = :kind"];
  const conditions: string[] = [];
  patches.forEach((patch, p) => {
    const view = `#v${p}`;
    names[view] = viewAttribute(patch.view);
    names["#deps"] = "deps";
    for (const [topic, read] of Object.entries(patch.counters) as [ChangeTopic, number][]) {
      names[`#d_${topic}`] = topic;
      const recorded = `${view}.#deps.#d_${topic}`;
      if (bumped.includes(topic)) {
        // A topic never written has no counter yet: the view then recorded 0.
        values[":zero"] = 0;
        conditions.push(`(${recorded} = ${counter(topic)} OR (attribute_not_exists(${counter(topic)}) AND ${recorded} = :zero))`);
        set.push(`${recorded} = ${recorded} + :one`);
      } else {
        values[`:p_${topic}`] = read;
        conditions.push(`${recorded} = :p_${topic} AND ${read === 0 ? `attribute_not_exists(${counter(topic)})` : `${counter(topic)} = :p_${topic}`}`);
      }
    }
    if (patch.sums) {
      names[`#s${p}`] = patch.sums.field;
      const sums = `${view}.#s${p}`;
      conditions.push(`attribute_exists(${sums})`);
      Object.entries(patch.sums.add).forEach(([field, amount], i) => {
        if (amount === 0 || amount === 0n) return;
        names[`#s${p}_${i}`] = field;
        values[`:s${p}_${i}`] = amount;
        set.push(`${sums}.#s${p}_${i} = ${sums}.#s${p}_${i} + :s${p}_${i}`);
      });
    }
    if (patch.marks && patch.marks.members.length > 0) {
      names[`#m${p}`] = marksAttribute(patch.view);
      values[`:m${p}`] = new Set(patch.marks.members);
      values[`:cap${p}`] = patch.marks.cap;
      // At the cap, only ids marked already may be marked again.
      const present = patch.marks.members.map((member, i) => {
        values[`:m${p}_${i}`] = member;
        return `contains(#m${p}, :m${p}_${i})`;
      });
      conditions.push(`(attribute_not_exists(#m${p}) OR size(#m${p}) < :cap${p} OR (${present.join(" AND ")}))`);
      add.push(`#m${p} :m${p}`);
    }
  });
  return {
    TableName: table,
    Key: Entities.read_model.key(),
    UpdateExpression: `SET ${set.join(", ")}${add.length > 0 ? ` ADD ${add.join(", ")}` : ""}`,
    ...(conditions.length > 0 ? { ConditionExpression: conditions.join(" AND ") } : {}),
    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  };
}
