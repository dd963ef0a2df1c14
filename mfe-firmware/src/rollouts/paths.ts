import { FIRMWARE_PATHS } from '../description';

/** Where the rollout screens are (description.ts declares them). */
export const ROLLOUT_PATHS = {
  list: FIRMWARE_PATHS.rollouts,
  new: FIRMWARE_PATHS.newRollout,
  detail: (id: number) => FIRMWARE_PATHS.rolloutDetails.replace(':id', String(id)),
};
