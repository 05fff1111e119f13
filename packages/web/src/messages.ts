/**
 * The API's reasons and warnings written on screen from their codes, in pt-BR (dates dd/mm/aaaa,
 * decimal comma, reais), whatever language the browser asked the API for.
 */
import { render, type Message } from "@fulfillment/core/messages/index";

export type { DescribedMessage, Message } from "@fulfillment/core/messages/index";

export const messageText = (message: Message): string => render(message, "pt-BR");

export const messageTexts = (messages: readonly Message[] | undefined): string[] => (messages ?? []).map(messageText);
