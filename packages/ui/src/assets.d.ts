// Stylesheets and fonts are bundled by webpack (css-loader, asset modules); TypeScript only needs to know they exist.
declare module '*.css';
declare module '*.woff2';
