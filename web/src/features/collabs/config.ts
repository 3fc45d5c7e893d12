/** docs/spec.md section 9: a card click selects the business, then the form scrolls into view after 100 ms. */
export const CARD_SCROLL_DELAY_MS = 100;
/** docs/spec.md section 9: 6 placeholder cards while searching. */
export const SEARCH_PLACEHOLDERS = 6;
/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 250;
