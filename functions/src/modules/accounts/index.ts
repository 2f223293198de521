export { createUserRepository } from './adapters/user-repository';
export { hashPassword } from './password';
export type { StoredUser, UserRepository } from './ports/user-repository';
export { authRoutes } from './routes/auth';
