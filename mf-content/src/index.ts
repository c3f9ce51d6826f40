// Standalone entry (npm run dev -w mf-content). The shell loads ./routes through remoteEntry.js instead.
void import('./bootstrap');
