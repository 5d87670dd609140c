import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type WalletPlatform, walletPassDownloads } from '../../db/schema/passes';

/** Each time the voucher's holder added it to a wallet, for the console's timeline; never the code. */
export async function walletDownloadsOfVoucher(
  db: Executor,
  voucherId: string,
): Promise<{ platform: WalletPlatform; at: Date }[]> {
  return db
    .select({ platform: walletPassDownloads.platform, at: walletPassDownloads.at })
    .from(walletPassDownloads)
    .where(eq(walletPassDownloads.voucherId, voucherId))
    .orderBy(asc(walletPassDownloads.at));
}
