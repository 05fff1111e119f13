/**
 * The API's reasons and warnings written on screen from their codes, in pt-BR (dates dd/mm/aaaa,
 * decimal comma, reais), whatever language the browser asked the API for.
 */
import type { Schema } from "@fulfillment/client";
import { render } from "@fulfillment/core/messages/index";

/** A reason or warning as the API answers it: code, params and text. */
export type Message = Schema<"Message">;

export const messageText = (message: Message): string => render(message, "pt-BR");

export const messageTexts = (messages: readonly Message[] | undefined): string[] => (messages ?? []).map(messageText);
