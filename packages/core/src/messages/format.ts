/** How a locale writes the figures of a message: numbers, money and calendar days. */
export const LOCALES = ["pt-BR", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** The language for people when a request names none the service speaks. */
export const DEFAULT_LOCALE: Locale = "pt-BR";

export interface Figures {
  /** A number with up to `digits` decimals ("4,67"; "1.234"). */
  number(value: number, digits?: number): string;
  /** Money in reais with cents ("R$ 12,50"). */
  money(value: number): string;
  /** A calendar day YYYY-MM-DD as the locale writes it (pt-BR: dd/mm/aaaa). */
  day(day: string): string;
  /** An ISO 8601 instant to the minute, in UTC ("27/11/2026 04:51 UTC"; "2026-11-27 04:51 UTC"). */
  instant(at: string): string;
}

/** One message in one language: its sentence from the params and the locale's figures. */
export type Text = (p: any, f: Figures) => string;
/** One message in every language the service speaks: a missing language fails the typecheck. */
export type Entry = Record<Locale, Text>;

export const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function figuresOf(locale: Locale): Figures {
  const numberFormats = new Map<number, Intl.NumberFormat>();
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" });
  return {
    number(value, digits = 0) {
      let format = numberFormats.get(digits);
      if (!format) numberFormats.set(digits, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits })));
      return format.format(value);
    },
    money: (value) => money.format(value),
    day(day) {
      const match = CALENDAR_DAY.exec(day);
      if (!match) return day;
      return locale === "pt-BR" ? `${match[3]}/${match[2]}/${match[1]}` : day;
    },
    instant(at) {
      const time = Date.parse(at);
      if (Number.isNaN(time)) return at;
      const iso = new Date(time).toISOString();
      return `${this.day(iso.slice(0, 10))} ${iso.slice(11, 16)} UTC`;
    },
  };
}

export const FIGURES: Record<Locale, Figures> = { "pt-BR": figuresOf("pt-BR"), en: figuresOf("en") };
