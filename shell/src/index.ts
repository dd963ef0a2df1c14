// Async boundary: the shared singletons are negotiated by the federation runtime before any of
// them is evaluated (no `eager`).
void import('./bootstrap');
