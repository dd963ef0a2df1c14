// Entry of the standalone QA page (`npm start -w mfe-organisations`). The dynamic import is the async
// boundary Module Federation needs before the shared singletons are used (no `eager`).
void import('./start');
