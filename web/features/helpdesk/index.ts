// The help desk's public module: what other features (the tickets form, the support widget) use of it. Light:
// no screen code comes along.
export { useHelpdeskSuggestions, type HelpdeskSuggestion } from './use-helpdesk-suggestions';
export { helpdeskLinks } from './helpdesk-links';
export { HighlightedText } from './highlighted-text';
