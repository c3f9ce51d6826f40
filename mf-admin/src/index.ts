// Standalone entry (npm run dev -w mf-admin). The shell loads ./routes through remoteEntry.js instead.
void import('./bootstrap');
