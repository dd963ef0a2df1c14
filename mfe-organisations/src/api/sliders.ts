// Slider calls (docs/organisation-calls.md, Sliders): a product line's home-page slides, Admin's add,
// update (multipart: deviceType, name, link, image) and delete.
import { apiDelete, apiList, apiPostForm, useFleetMutation, type DeviceType, type UploadProgress } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { SlideRow as Slide } from '@fleet/contract';

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { Slide };

const sliderKeys = {
  all: ['organisations', 'sliders'] as const,
};

export function useSliders(deviceType: DeviceType, query: ListQuery) {
  return useQuery({ queryKey: [...sliderKeys.all, deviceType, query], queryFn: () => apiList<Slide>('/api/homepage/slider', { ...query, deviceType }), placeholderData: keepPreviousData });
}

export interface SaveSlideVars {
  /** The slide being updated; null adds one. */
  id: number | null;
  deviceType: DeviceType;
  name: string;
  link: string;
  /** Required on add; on update only when the image is replaced. */
  image: File | null;
  onProgress?: (progress: UploadProgress) => void;
}

export function useSaveSlider() {
  return useFleetMutation(
    ({ id, deviceType, name, link, image, onProgress }: SaveSlideVars) => {
      const form = new FormData();
      if (id !== null) form.append('id', String(id));
      form.append('deviceType', deviceType);
      form.append('name', name);
      form.append('link', link);
      if (image) form.append('image', image, image.name);
      return apiPostForm<Slide>(id === null ? '/api/homepage/slider' : '/api/homepage/slider/update', form, onProgress ? { onUploadProgress: onProgress } : {});
    },
    { invalidate: [sliderKeys.all] },
  );
}

export function useDeleteSlider() {
  return useFleetMutation(({ id, deviceType }: { id: number; deviceType: DeviceType }) => apiDelete<null>('/api/homepage/slider', { id, deviceType }), { invalidate: [sliderKeys.all] });
}
