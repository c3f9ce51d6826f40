/**
 * The router for a remote's first screens drawn on the server (`src/first-screens.tsx`): links need a
 * router around them, and there is no browser address to follow. Its own entry, so the router shared with
 * every page in the browser stays the subset it ships (index.ts).
 */
export { MemoryRouter } from 'react-router-dom';
