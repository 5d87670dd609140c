import { useCurrentUser } from '@/lib/auth/current-user';
import { useSaveLocalCart } from '../hooks/use-save-local-cart';

/** Saves the local cart to the signed-in user's server cart; loaded by `SaveLocalCartOnSignIn`. */
export default function SaveLocalCartForUser() {
  const user = useCurrentUser();
  useSaveLocalCart(user.data?._id);
  return null;
}
