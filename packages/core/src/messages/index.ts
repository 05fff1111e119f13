/**
 * Messages as data: a stable `code` with its `params`, written in the reader's language on the way
 * out. Reports keep the codes; the answer adds the text beside them (`describe`).
 */
import { CATALOGUE, type MessageCode, type Params, type ParamsOf } from "./catalogue.js";
import { DEFAULT_LOCALE, FIGURES, LOCALES, plural, type Entry, type Figures, type Locale } from "./format.js";

export { CATALOGUE, DEFAULT_LOCALE, FIGURES, LOCALES, plural };
export type { Entry, Figures, Locale, MessageCode, Params, ParamsOf };
export type { ParamValue } from "./catalogue.js";

export interface Message {
  code: MessageCode;
  params: Params;
}

/** A message as answered: code and params with the text in the request's language. */
export interface DescribedMessage extends Message {
  text: string;
}

/** The params `code` takes: none for a fixed text, else exactly what its sentences read (checked by the typecheck). */
export type ParamsArgument<C extends MessageCode> = ParamsOf<C> extends undefined ? [] : [params: ParamsOf<C>];

export const message = <C extends MessageCode>(code: C, ...params: ParamsArgument<C>): Message => ({ code, params: (params[0] ?? {}) as Params });

/** The sentence of `code` with `params` in `locale`: for texts that travel without their code (a heading, a subject). */
export const text = <C extends MessageCode>(locale: Locale, code: C, ...params: ParamsArgument<C>): string => render(message(code, ...params), locale);

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The message's sentence in `locale`. */
export function render(item: Message, locale: Locale = DEFAULT_LOCALE): string {
  const entry = CATALOGUE[item.code] as Record<Locale, (p: Params, f: (typeof FIGURES)[Locale]) => string> | undefined;
  if (!entry) return item.code;
  return entry[locale](item.params, FIGURES[locale]);
}

export const describe = (item: Message, locale: Locale = DEFAULT_LOCALE): DescribedMessage => ({ code: item.code, params: item.params, text: render(item, locale) });

export const describeAll = (items: readonly Message[], locale: Locale = DEFAULT_LOCALE): DescribedMessage[] => items.map((item) => describe(item, locale));
