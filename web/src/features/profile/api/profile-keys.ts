export const profileKeys = {
  profile: ['/api/auth/profile'] as const,
};
