/**
 * A table's wrapper that scrolls sideways on narrow screens: a named region that takes focus, so keyboard
 * users can scroll it (axe's scrollable-region-focusable) and screen readers announce what it holds.
 */
export const scrollable = (label: string) => ({ role: 'region', tabIndex: 0, 'aria-label': label }) as const;
