// asl-validator 4 ships no types: the part the synth test uses.
declare module "asl-validator" {
  interface AslValidation {
    isValid: boolean;
    errors: { message?: string }[];
    errorsText(separator?: string): string;
  }
  export default function aslValidator(definition: unknown): AslValidation;
}
