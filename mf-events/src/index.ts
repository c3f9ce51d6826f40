// Standalone entry (npm run dev -w mf-events). The shell loads ./routes through remoteEntry.js instead.
void import('./bootstrap');
