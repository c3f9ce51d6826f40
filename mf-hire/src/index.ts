// Standalone entry (npm run dev -w mf-hire). The shell loads ./routes and ./ClinicJobs through remoteEntry.js instead.
void import('./bootstrap');
