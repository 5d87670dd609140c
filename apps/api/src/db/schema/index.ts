// Every table of the application; each module keeps its own file here.
export * from './carts';
export * from './catalog';
export * from './mail';
export * from './notifications';
export * from './outreach';
export * from './users';
export * from './wishlists';
