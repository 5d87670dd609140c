// Every table of the application; each module keeps its own file here.
export * from './carts';
export * from './catalog';
export * from './chat';
export * from './checkout';
export * from './finance';
export * from './gifts';
export * from './jobs';
export * from './mail';
export * from './notifications';
export * from './operators';
export * from './outreach';
export * from './passes';
export * from './payment-simulator';
export * from './users';
export * from './vouchers';
export * from './wallets';
export * from './wishlists';
