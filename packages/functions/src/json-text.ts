/** An answer already serialised (a stored view): sent as it is, never parsed and serialised again. */
export class JsonText {
  constructor(readonly text: string) {}
}
