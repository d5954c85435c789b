// What other features use of auth: the sign-in state and where to go after signing in.
export { useAuth, useShopUrl } from './AuthProvider/auth-context';
export { afterSignIn, useReturnPath } from './return-to';
