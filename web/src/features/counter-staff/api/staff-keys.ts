/** Query keys of the staff screens; they are API paths, so the default query function reads them. */
export const staffKeys = {
  staff: ['/api/merchant/staff'] as const,
  devices: ['/api/merchant/counter-devices'] as const,
  device: ['/api/counter/device'] as const,
};
