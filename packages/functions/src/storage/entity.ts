/**
 * Key templates: one declaration of a record kind's keys (storage/keys.ts) gives its key builders,
 * its parsers and its key conditions. A template is fixed text with placeholders, `{name}` or
 * `{name:codec}`: `INVENTORY#{shard:int}` builds `INVENTORY#3` from `{ shard: 3 }` and parses it
 * back. A codec says how a value is written into a key and read back; text is written as it is.
 */

interface Codec<V> {
  write(value: V): string;
  /** The written text, as a regular expression without capture groups. */
  readonly pattern: string;
  read(text: string): V;
}

const padded = (width: number): Codec<number> => ({
  write: (n) => String(n).padStart(width, "0"),
  pattern: `\\d{${width},}`,
  read: Number,
});

/** The characters below U+0003 order an ad's index partition (storage/keys.ts): no text value starts with one. */
const TEXT_PATTERN = "(?![\\u0000-\\u0002])[^]+";

const CODECS = {
  /** Any non-empty text, as it is. Where two text parts meet, the last "#" separates them. */
  text: { write: (s: string) => s, pattern: TEXT_PATTERN, read: (s: string) => s } satisfies Codec<string>,
  int: { write: (n: number) => String(n), pattern: "\\d+", read: Number } satisfies Codec<number>,
  pad6: padded(6),
  pad12: padded(12),
  /** URI-encoded text: it never contains "#". */
  uri: { write: encodeURIComponent, pattern: "[^#]*", read: decodeURIComponent } satisfies Codec<string>,
  day: { write: (s: string) => s, pattern: "\\d{4}-\\d{2}-\\d{2}", read: (s: string) => s } satisfies Codec<string>,
  month: { write: (s: string) => s, pattern: "\\d{4}-\\d{2}", read: (s: string) => s } satisfies Codec<string>,
} as const;

/** Codecs a key design adds for shapes of its own (a choice between two texts, a band of a number). */
export type Codecs = Record<string, Codec<any>>;

type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;
type NameOf<P extends string> = P extends `${infer N}:${string}` ? N : P;
type CodecOf<P extends string> = P extends `${string}:${infer C}` ? C : "text";
type ValueOf<C, X extends Codecs> = C extends keyof typeof CODECS
  ? Parameters<(typeof CODECS)[C]["write"]>[0]
  : C extends keyof X
    ? Parameters<X[C]["write"]>[0]
    : never;

/** The values a template is built from: `{ inventoryId: string }` for `{inventoryId}`. */
export type FieldsOf<S extends string, X extends Codecs = {}> = { [P in Placeholders<S> as NameOf<P>]: ValueOf<CodecOf<P>, X> };

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Piece = { text: string } | { name: string; codec: Codec<unknown> };

/** The text a scoped kind's partition keys start with now: "" when unscoped. */
export type ScopePrefix = () => string;
const UNSCOPED: ScopePrefix = () => "";

/** One key attribute's shape: fixed text and placeholders, after the current scope's prefix when the kind is scoped. */
export class KeyTemplate<F extends object> {
  private readonly pieces: Piece[];
  private readonly regex: RegExp;

  constructor(
    readonly source: string,
    codecs: Record<string, Codec<any>>,
    private readonly scope: ScopePrefix = UNSCOPED,
  ) {
    this.pieces = source.split(/(\{[^}]+\})/).flatMap((part): Piece[] => {
      if (part === "") return [];
      if (!part.startsWith("{")) return [{ text: part }];
      const [name, codecName = "text"] = part.slice(1, -1).split(":") as [string, string?];
      const codec = (CODECS as Record<string, Codec<any>>)[codecName] ?? codecs[codecName];
      if (!codec) throw new Error(`key template ${source}: no codec ${codecName}`);
      return [{ name, codec: codec as Codec<unknown> }];
    });
    this.regex = new RegExp(`^${this.pieces.map((p) => ("text" in p ? escape(p.text) : `(${p.codec.pattern})`)).join("")}$`);
  }

  /** The placeholders' names, in order. */
  get names(): string[] {
    return this.pieces.flatMap((p) => ("name" in p ? [p.name] : []));
  }

  /** The text every key of the template starts with: up to its first placeholder (all of it when fixed). */
  get prefix(): string {
    return this.prefixOf({});
  }

  /** The key of these values. */
  write(fields: F): string {
    return this.scope() + this.pieces.map((p) => ("text" in p ? p.text : p.codec.write((fields as Record<string, never>)[p.name]))).join("");
  }

  /** The text every key with these values starts with: the key up to the first placeholder not given. */
  prefixOf(fields: Partial<F>): string {
    let text = this.scope();
    for (const p of this.pieces) {
      if ("text" in p) text += p.text;
      else if ((fields as Record<string, unknown>)[p.name] === undefined) return text;
      else text += p.codec.write((fields as Record<string, never>)[p.name]);
    }
    return text;
  }

  /** The values of a key of this template, or undefined when the key has another shape. */
  read(key: unknown): F | undefined {
    if (typeof key !== "string") return undefined;
    const scope = this.scope();
    if (!key.startsWith(scope)) return undefined;
    const match = this.regex.exec(scope === "" ? key : key.slice(scope.length));
    if (!match) return undefined;
    const fields: Record<string, unknown> = {};
    let group = 1;
    for (const p of this.pieces) if ("name" in p) fields[p.name] = p.codec.read(match[group++]!);
    return fields as F;
  }
}

/** The attribute names of a table's primary key or of one of its indexes. */
export interface KeyNames {
  partitionKey: string;
  sortKey: string;
}

/** The key part of a Query: a key condition with the attribute names of the table or of an index. */
export interface KeyCondition {
  IndexName?: string;
  KeyConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

function keyCondition(names: KeyNames, index: string | undefined, expression: string, values: Record<string, unknown>, usesSortKey: boolean): KeyCondition {
  return {
    ...(index ? { IndexName: index } : {}),
    KeyConditionExpression: expression,
    ExpressionAttributeNames: { "#pk": names.partitionKey, ...(usesSortKey ? { "#sk": names.sortKey } : {}) },
    ExpressionAttributeValues: values,
  };
}

/** Key conditions on one partition of the table (index undefined) or of an index. */
export const keyConditions = (names: KeyNames, index?: string) =>
  ({
    index,
    /** Every item of the partition. */
    partition: (pk: string): KeyCondition => keyCondition(names, index, "#pk = :pk", { ":pk": pk }, false),
    /** Items whose sort key is at least `from`. */
    from: (pk: string, from: string): KeyCondition => keyCondition(names, index, "#pk = :pk AND #sk >= :from", { ":pk": pk, ":from": from }, true),
    /** Items whose sort key lies between two bounds, inclusive. */
    between: (pk: string, [from, to]: readonly [string, string]): KeyCondition =>
      keyCondition(names, index, "#pk = :pk AND #sk BETWEEN :from AND :to", { ":pk": pk, ":from": from, ":to": to }, true),
    /** Items whose sort key is below `below`. */
    below: (pk: string, below: string): KeyCondition => keyCondition(names, index, "#pk = :pk AND #sk < :below", { ":pk": pk, ":below": below }, true),
    /** Items whose sort key starts with `prefix`. */
    prefix: (pk: string, prefix: string): KeyCondition =>
      keyCondition(names, index, "#pk = :pk AND begins_with(#sk, :prefix)", { ":pk": pk, ":prefix": prefix }, true),
  }) as const;

/**
 * Sorts above every text a key part can hold (the largest code point: its UTF-8 bytes, which
 * DynamoDB compares, are above those of any other character). A prefix followed by it bounds
 * every key that starts with the prefix.
 */
export const AFTER_ANY_TEXT = "\u{10FFFF}";

/** A record kind's keys: templates of its partition key, its sort key and, if it has them, its index keys. */
export interface EntityDefinition {
  /** Whether its partition keys, of the table and of the index, start with the current scope's prefix. */
  scoped: boolean;
  pk: string;
  sk: string;
  /** The keys of the item in the index, when it has them. */
  gsi1?: { pk: string; sk: string };
  /** Values computed from others when a key is built (a shard from an id), unless given. */
  derive?: Record<string, (fields: never) => unknown>;
  /** The same for the index keys, where they differ (the index spreads by another id). */
  indexDerive?: Record<string, (fields: never) => unknown>;
  /** When the table's TTL removes the item, if ever (the writer sets it: keys.ts expiresAt). */
  expires?: string;
  /** The partitions a sharded collection spreads over, when not the table's count. */
  shards?: number;
}

type Derived<D extends EntityDefinition> = D["derive"] extends Record<string, unknown> ? keyof D["derive"] : never;
type IndexDerived<D extends EntityDefinition> = D["indexDerive"] extends Record<string, unknown> ? keyof D["indexDerive"] : Derived<D>;
/** Fields a key is built from: the template's, less those derived from the others (which may still be given). */
type Given<F, K> = Omit<F, K & keyof F> & Partial<Pick<F, K & keyof F>>;

type PkOf<D extends EntityDefinition, X extends Codecs> = FieldsOf<D["pk"], X>;
type SkOf<D extends EntityDefinition, X extends Codecs> = FieldsOf<D["sk"], X>;
type IndexPkOf<D extends EntityDefinition, X extends Codecs> = D["gsi1"] extends { pk: infer S extends string } ? FieldsOf<S, X> : never;
type IndexSkOf<D extends EntityDefinition, X extends Codecs> = D["gsi1"] extends { sk: infer S extends string } ? FieldsOf<S, X> : never;

/** A table key. */
export interface Key {
  pk: string;
  sk: string;
}
export interface IndexKey {
  gsi1pk: string;
  gsi1sk: string;
}

/** Optional when the template has no placeholder. */
type Args<F> = {} extends F ? [fields?: F] : [fields: F];

/** A record kind's keys, derived from its definition. */
export class Entity<D extends EntityDefinition, X extends Codecs> {
  readonly pk: KeyTemplate<PkOf<D, X>>;
  readonly sk: KeyTemplate<SkOf<D, X>>;
  readonly gsi1pk: KeyTemplate<IndexPkOf<D, X>> | undefined;
  readonly gsi1sk: KeyTemplate<IndexSkOf<D, X>> | undefined;
  /** Key conditions on the entity's partitions; sort-key bounds come from sortKey / sortPrefix. */
  readonly query;
  /** Key conditions on the entity's index partitions. */
  readonly indexQuery;

  constructor(
    readonly kind: string,
    readonly definition: D,
    codecs: X,
    schema: KeyNames & { indexes: { gsi1: KeyNames } },
    shards: number,
    scopePrefix: ScopePrefix,
  ) {
    const scope = definition.scoped ? scopePrefix : UNSCOPED;
    this.pk = new KeyTemplate(definition.pk, codecs, scope);
    this.sk = new KeyTemplate(definition.sk, codecs);
    this.gsi1pk = definition.gsi1 ? new KeyTemplate(definition.gsi1.pk, codecs, scope) : undefined;
    this.gsi1sk = definition.gsi1 ? new KeyTemplate(definition.gsi1.sk, codecs) : undefined;
    this.query = boundConditions<PkOf<D, X>>(keyConditions(schema), this.pk, definition.shards ?? shards);
    this.indexQuery = boundConditions<IndexPkOf<D, X>>(keyConditions(schema.indexes.gsi1, "gsi1"), this.gsi1pk, definition.shards ?? shards);
  }

  /** The values plus those the templates need and derive from them. */
  private complete<F>(fields: F, derive: EntityDefinition["derive"] = {}, ...templates: ({ readonly names: string[] } | undefined)[]): F {
    const all = { ...fields } as Record<string, unknown>;
    for (const name of templates.flatMap((template) => template?.names ?? [])) {
      const compute = derive[name];
      if (all[name] === undefined && compute) all[name] = compute(fields as never);
    }
    return all as F;
  }

  /** The table key of a record. */
  key(...[fields]: Args<Given<PkOf<D, X> & SkOf<D, X>, Derived<D>>>): Key {
    const all = this.complete(fields ?? {}, this.definition.derive, this.pk, this.sk) as PkOf<D, X> & SkOf<D, X>;
    return { pk: this.pk.write(all), sk: this.sk.write(all) };
  }

  /** The index keys of a record. */
  indexKey(fields: Given<IndexPkOf<D, X> & IndexSkOf<D, X>, IndexDerived<D>>): IndexKey {
    if (!this.gsi1pk || !this.gsi1sk) throw new Error(`${this.kind} has no index keys`);
    const all = this.complete(fields, this.definition.indexDerive ?? this.definition.derive, this.gsi1pk, this.gsi1sk) as IndexPkOf<D, X> & IndexSkOf<D, X>;
    return { gsi1pk: this.gsi1pk.write(all), gsi1sk: this.gsi1sk.write(all) };
  }

  /** One partition. */
  partition(...[fields]: Args<PkOf<D, X>>): string {
    return this.pk.write((fields ?? {}) as PkOf<D, X>);
  }

  /** One index partition. */
  indexPartition(fields: IndexPkOf<D, X>): string {
    if (!this.gsi1pk) throw new Error(`${this.kind} has no index keys`);
    return this.gsi1pk.write(fields);
  }

  /** The sort key of these values. */
  sortKey(fields: SkOf<D, X>): string {
    return this.sk.write(fields);
  }

  /** The text every sort key with these values starts with. */
  sortPrefix(fields: Partial<SkOf<D, X>>): string {
    return this.sk.prefixOf(fields);
  }

  /** The values of an item's table key, or undefined when the key is not one of this kind. */
  parse(key: { pk?: unknown; sk?: unknown }): (PkOf<D, X> & SkOf<D, X>) | undefined {
    const pk = this.pk.read(key.pk);
    const sk = pk && this.sk.read(key.sk);
    return pk && sk ? { ...pk, ...sk } : undefined;
  }

  /** The values of an item's index keys, or undefined when they are not this kind's. */
  parseIndex(key: { gsi1pk?: unknown; gsi1sk?: unknown }): (IndexPkOf<D, X> & IndexSkOf<D, X>) | undefined {
    const pk = this.gsi1pk?.read(key.gsi1pk);
    const sk = pk && this.gsi1sk?.read(key.gsi1sk);
    return pk && sk ? { ...pk, ...sk } : undefined;
  }
}

function boundConditions<P extends object>(conditions: ReturnType<typeof keyConditions>, template: KeyTemplate<P> | undefined, shards: number) {
  const partition = (fields: P | undefined): string => {
    if (!template) throw new Error(`no index keys: ${conditions.index}`);
    return template.write((fields ?? {}) as P);
  };
  return {
    /** Every item of the partition. */
    partition: (...[fields]: Args<P>): KeyCondition => conditions.partition(partition(fields)),
    /** Every item of each shard's partition: the values of the partition key but its shard. */
    shards: (...[fields]: Args<Omit<P, "shard">>): KeyCondition[] =>
      Array.from({ length: shards }, (_, shard) => conditions.partition(partition({ ...fields, shard } as P))),
    /** Items whose sort key is at least `from`. */
    from: (fields: P, from: string): KeyCondition => conditions.from(partition(fields), from),
    /** Items whose sort key lies between two bounds, inclusive. */
    between: (fields: P, bounds: readonly [string, string]): KeyCondition => conditions.between(partition(fields), bounds),
    /** Items whose sort key is below `below`. */
    below: (fields: P, below: string): KeyCondition => conditions.below(partition(fields), below),
    /** Items whose sort key starts with `prefix`. */
    prefix: (fields: P, prefix: string): KeyCondition => conditions.prefix(partition(fields), prefix),
  } as const;
}

/** Every record kind's keys, from one table of definitions; the scoped kinds' partition keys start with `scopePrefix()`. */
export function defineEntities<const T extends Record<string, EntityDefinition>, X extends Codecs>(
  schema: KeyNames & { indexes: { gsi1: KeyNames } },
  shards: number,
  codecs: X,
  scopePrefix: ScopePrefix,
  definitions: T,
): { [K in keyof T]: Entity<T[K], X> } {
  return Object.fromEntries(
    Object.entries(definitions).map(([kind, definition]) => [kind, new Entity(kind, definition, codecs, schema, shards, scopePrefix)]),
  ) as unknown as { [K in keyof T]: Entity<T[K], X> };
}
