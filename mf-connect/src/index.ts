// Standalone entry (npm run dev -w mf-connect). The shell loads ./routes through remoteEntry.js instead.
void import('./bootstrap');
