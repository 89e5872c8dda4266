import type { CompletionItemKind, SymbolKind } from 'vscode-languageserver';

// The protocol's kinds used here, as the numbers they are: each is checked against the
// protocol's constant by its type, and the features load no protocol code for them.
export const COMPLETION_PROPERTY: typeof CompletionItemKind.Property = 10;
export const COMPLETION_FILE: typeof CompletionItemKind.File = 17;
export const COMPLETION_REFERENCE: typeof CompletionItemKind.Reference = 18;
export const COMPLETION_FOLDER: typeof CompletionItemKind.Folder = 19;
export const COMPLETION_ENUM_MEMBER: typeof CompletionItemKind.EnumMember = 20;
export const SYMBOL_FILE: typeof SymbolKind.File = 1;
