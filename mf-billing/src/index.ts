// Standalone entry (npm run dev -w mf-billing). The shell loads ./routes through remoteEntry.js instead.
void import('./bootstrap');
