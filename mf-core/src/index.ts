// Standalone entry (npm run dev -w mf-core). The shell loads ./routes through remoteEntry.js instead.
void import('./bootstrap');
