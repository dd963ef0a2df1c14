// Local-storage keys fixed by docs/architecture.md ("Session and API"); the old console used the
// same names, so they stay plain strings (tokens) and JSON (login info).
export const ACCESS_TOKEN_KEY = 'access-token';
export const REFRESH_TOKEN_KEY = 'refresh-token';
export const LOGIN_USER_INFO_KEY = 'login-user-info';
export const SELECTED_PRODUCT_KEY = 'selectedProduct';
export const DARK_MODE_KEY = 'isDarkMode';
