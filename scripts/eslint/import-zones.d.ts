import type { Rule } from "eslint";

export function layerOf(file: string): string | null;
export function forbiddenReason(from: string | null, to: string | null): string | null;
export const importZones: Rule.RuleModule;
